import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { defineScreen, useScreen, type FirstReads } from './screen';

function Page() {
  const { heading, lead } = useScreen();
  return (
    <>
      <h1>{heading}</h1>
      <p>{lead}</p>
    </>
  );
}

const larder = (page: () => Promise<{ default: ComponentType }>, firstReads?: FirstReads) =>
  defineScreen({
    path: 'larder/:season',
    title: 'Larder book',
    heading: 'The larder book',
    lead: 'Every carcass of the season.',
    signedIn: true,
    page,
    ...(firstReads && { firstReads }),
  });

function draw(Screen: ComponentType, queryClient = new QueryClient()) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/larder/2026-27?destination=dealer']}>
        <Suspense fallback={<p>Loading...</p>}>
          <Routes>
            <Route path="larder/:season" element={<Screen />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a screen defined by its feature', () => {
  it('shows the loading message while its code downloads, then the screen, titled, with its own words', async () => {
    let arrive!: () => void;
    const load = vi.fn(
      () => new Promise<{ default: typeof Page }>((resolve) => (arrive = () => resolve({ default: Page }))),
    );
    const { Component } = larder(load);
    await act(async () => draw(Component));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => arrive());
    expect(screen.getByRole('heading', { name: 'The larder book' })).toBeInTheDocument();
    expect(screen.getByText('Every carcass of the season.')).toBeInTheDocument();
    expect(document.title).toBe('Larder book · Cull Log');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once when preloaded, downloading once however often it is asked for', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const { Component, preload } = larder(load);
    await Promise.all([preload(), preload()]);
    draw(Component);
    expect(screen.getByRole('heading', { name: 'The larder book' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download afresh after one failed', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new Error('chunk gone'))
      .mockResolvedValue({ default: Page });
    const { preload } = larder(load);
    await expect(preload()).rejects.toThrow('chunk gone');
    await preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('starts its first reads as it opens, with the address, before its code has come', async () => {
    const reads = vi.fn<FirstReads>();
    const queryClient = new QueryClient();
    const { Component } = larder(() => new Promise(() => undefined), reads);
    await act(async () => draw(Component, queryClient));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(reads).toHaveBeenCalled();
    const [client, params, search] = reads.mock.calls[0]!;
    expect(client).toBe(queryClient);
    expect(params).toEqual({ season: '2026-27' });
    expect(search.get('destination')).toBe('dealer');
  });
});
