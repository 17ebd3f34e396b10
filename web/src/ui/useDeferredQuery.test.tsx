import { QueryClient, QueryClientProvider, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredQuery } from './useDeferredQuery';

type Read = (options: UseQueryOptions<string>) => { status: string; data?: string };

/** A screen showing one read, and every drawing of it in `drawn`: the read's status, or its answer once it has one. */
function setUp(read: Read, cached?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (cached !== undefined) queryClient.setQueryData(['species'], cached);
  let answer!: (value: string) => void;
  const drawn: string[] = [];
  function Screen() {
    const species = read({
      queryKey: ['species'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
      staleTime: Infinity,
    });
    const shown = species.data ?? species.status;
    drawn.push(shown);
    return <p>{shown}</p>;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <Screen />
    </QueryClientProvider>,
  );
  // The cache tells the screen on a timer of its own, so the answer is drawn once that has run.
  const answerWith = async (value: string) => {
    act(() => answer(value));
    await screen.findByText(value);
  };
  return { drawn, answer: answerWith };
}

describe('useDeferredQuery', () => {
  it('draws an answer in a drawing of its own, after redrawing the screen as it was', async () => {
    const deferred = setUp(useDeferredQuery);
    deferred.drawn.length = 0;
    await deferred.answer('Roe Deer');
    expect(deferred.drawn).toEqual(['pending', 'Roe Deer']);
  });

  it('differs from a plain read, which draws the answer straight away', async () => {
    const plain = setUp(useQuery);
    plain.drawn.length = 0;
    await plain.answer('Roe Deer');
    expect(plain.drawn).toEqual(['Roe Deer']);
  });

  it('draws a read already answered at once', () => {
    const { drawn } = setUp(useDeferredQuery, 'Fallow Deer');
    expect(screen.getByText('Fallow Deer')).toBeInTheDocument();
    expect(drawn).toEqual(['Fallow Deer']);
  });
});
