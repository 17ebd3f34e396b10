import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { giveMapsASize } from '../../testing/ui';
import { NearPinMap } from './NearPinMap';

/** A window that tells the page when an element comes near, at the test's word. */
function fakeIntersections() {
  const watchers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
  class FakeIntersectionObserver {
    private readonly watcher: (typeof watchers)[number];
    constructor(callback: IntersectionObserverCallback) {
      this.watcher = { callback, elements: [] };
      watchers.push(this.watcher);
    }
    observe(element: Element) {
      this.watcher.elements.push(element);
    }
    disconnect() {
      watchers.splice(watchers.indexOf(this.watcher), 1);
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    watched: () => watchers.flatMap((watcher) => watcher.elements),
    comeNear: () => {
      for (const { callback, elements } of [...watchers]) {
        callback(
          elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        );
      }
    },
  };
}

describe('a small map drawn as it comes into view', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = giveMapsASize();
  });
  afterEach(() => {
    restoreSize();
    vi.unstubAllGlobals();
  });

  it('holds its place, with no map drawn, until the user nears it, then shows the pin', async () => {
    const window = fakeIntersections();
    const { container } = render(
      <NearPinMap latitude={52.2} longitude={-1.2} label="Map: where the Fox was" />,
    );
    // Time enough for the map's code to have come, were it asked for.
    await act(async () => {
      await import('./PinMap');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });

    expect(screen.getByText('Loading the map...')).toHaveClass('pin-map', 'pin-map--loading');
    expect(window.watched()).toEqual([screen.getByText('Loading the map...')]);
    expect(container.querySelector('.leaflet-container')).toBeNull();

    act(() => window.comeNear());

    expect(await screen.findByRole('group', { name: 'Map: where the Fox was' })).toBeInTheDocument();
    expect(container.querySelector('.leaflet-container')).not.toBeNull();
    expect(container.querySelector('.leaflet-marker-icon')).not.toBeNull();
    expect(screen.queryByText('Loading the map...')).toBeNull();
    // Once drawn it stays: nothing is watched any more.
    expect(window.watched()).toEqual([]);
  });
});
