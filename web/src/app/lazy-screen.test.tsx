import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

const Page = () => <h1>The page</h1>;

describe('a screen loaded on demand', () => {
  it('shows the loading message while its code downloads, then the screen, titled', async () => {
    let arrive!: () => void;
    const load = vi.fn(
      () => new Promise<{ default: typeof Page }>((resolve) => (arrive = () => resolve({ default: Page }))),
    );
    const Screen = lazyScreen(load);
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading...</p>}>
          <Screen title="Larder book" />
        </Suspense>,
      );
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => arrive());
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(document.title).toBe('Larder book · Cull Log');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once when preloaded, downloading once however often it is asked for', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const Screen = lazyScreen(load);
    await Promise.all([Screen.preload(), Screen.preload()]);
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Screen title="Map" />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download afresh after one failed', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new Error('chunk gone'))
      .mockResolvedValue({ default: Page });
    const Screen = lazyScreen(load);
    await expect(Screen.preload()).rejects.toThrow('chunk gone');
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
