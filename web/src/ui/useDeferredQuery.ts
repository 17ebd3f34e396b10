import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/**
 * A screen's read whose answer is drawn as a transition. TanStack Query tells a screen of a new answer through
 * useSyncExternalStore, and React draws such news at once and in one piece: the dashboard, say, drawn whole in one
 * long task, in which the page answers no tap. Here the screen first redraws as it was, and the answer is drawn
 * after, in slices between which the browser can handle a tap or a scroll. The screen lags its read by that drawing,
 * never by more.
 *
 * Not for an answer that fills a React Aria collection (the records table, the larder book): the collection tells
 * React of its items through useSyncExternalStore as they are drawn, so React draws them a second time, in one piece,
 * straight after, and the list costs more this way (alternating traces of /data at a 4× slower processor: blocking
 * time a median 1,825 ms this way against 1,601 ms).
 */
export function useDeferredQuery<
  TQueryFnData,
  TError = Error,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  return useDeferredValue(useQuery(options));
}
