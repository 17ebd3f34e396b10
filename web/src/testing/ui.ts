import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

type User = ReturnType<typeof userEvent.setup>;

/** The button of the choice list labelled exactly `label` (its name also carries the chosen value). */
export function selectButton(label: string): HTMLElement {
  const field = Array.from(document.querySelectorAll<HTMLElement>('.select')).find(
    (select) => select.querySelector('.field__label')?.textContent?.replace('*', '').trim() === label,
  );
  if (!field) throw new Error(`No select labelled ${label}`);
  return within(field).getByRole('button');
}

/** Picks `option` in the choice list labelled `label`. */
export async function choose(user: User, label: string, option: string) {
  await user.click(selectButton(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** jsdom lays nothing out; gives Leaflet's containers a size so maps draw and take taps. Answers the undo. */
export function giveMapsASize(width = 800, height = 600): () => void {
  const originals = (['clientWidth', 'clientHeight'] as const).map(
    (property) => [property, Object.getOwnPropertyDescriptor(HTMLElement.prototype, property)] as const,
  );
  for (const [property, size] of [
    ['clientWidth', width],
    ['clientHeight', height],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, property, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('leaflet-container') ? size : 0;
      },
    });
  }
  return () => {
    for (const [property, descriptor] of originals) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, property, descriptor);
    }
  };
}

/** A phone that answers a location request with `answer`, until `forgetGeolocation`. */
export function fakeGeolocation(answer: (success: PositionCallback, failure: PositionErrorCallback) => void) {
  const getCurrentPosition = vi.fn(answer);
  // On the prototype, as browsers have it: jsdom has no geolocation of its own.
  Object.defineProperty(Navigator.prototype, 'geolocation', {
    value: { getCurrentPosition },
    configurable: true,
  });
  return getCurrentPosition;
}

export function forgetGeolocation(): void {
  Reflect.deleteProperty(Navigator.prototype, 'geolocation');
}
