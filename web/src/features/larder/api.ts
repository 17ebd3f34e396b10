import { EVENT_POSITION_HEADER, type LarderResponse } from '@cull-log/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { saveAttachment } from '../../api/attachment';
import { getJson, request } from '../../api/client';
import { queryKeys } from '../../api/keys';
import { latestWritePosition, noteWritePosition } from '../../api/write-position';

/** The larder book's filters; absent ones are the server's defaults (the current season, every destination). */
export interface LarderParams {
  season?: string;
  destination?: string;
  /** A team's larder book (each carcass with who culled it) rather than the user's own. */
  team?: string;
}

export function larderSearch(params: LarderParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.season !== undefined) search.set('season', params.season);
  if (params.destination !== undefined) search.set('destination', params.destination);
  if (params.team !== undefined) search.set('team', params.team);
  return search;
}

/** The larder book, at least as fresh as this device's last write. */
export function fetchLarder(params: LarderParams, signal?: AbortSignal): Promise<LarderResponse> {
  const search = larderSearch(params);
  const after = latestWritePosition();
  if (after > 0) search.set('after', String(after));
  const query = search.toString();
  return getJson(`/api/larder${query === '' ? '' : `?${query}`}`, 'LarderResponse', signal);
}

export async function downloadLarderCsv(params: LarderParams): Promise<void> {
  const query = larderSearch(params).toString();
  const response = await request(`/api/larder.csv${query === '' ? '' : `?${query}`}`, {
    headers: { accept: 'text/csv' },
  });
  await saveAttachment(response, params.team === undefined ? 'larder-book.csv' : 'team-larder-book.csv');
}

/** A declaration's number, from the header the server sends beside its PDF. */
function declarationNumber(response: Response): number {
  return Number(response.headers.get('x-declaration-number'));
}

/** Makes (or makes again, with the same number) the trained hunter's declaration for one carcass; answers its number. */
export async function downloadDeclaration(recordId: string): Promise<number> {
  const after = latestWritePosition();
  const response = await request(
    `/api/culls/${encodeURIComponent(recordId)}/declaration.pdf${after > 0 ? `?after=${after}` : ''}`,
    { method: 'POST', headers: { accept: 'application/pdf' } },
  );
  await saveAttachment(response, 'declaration.pdf');
  return declarationNumber(response);
}

/** Downloads one declaration for several carcasses going to the same dealer; answers its number. */
export async function downloadConsignmentDeclaration(
  recordIds: readonly string[],
  dealer: string,
): Promise<number> {
  const after = latestWritePosition();
  const response = await request('/api/declarations', {
    method: 'POST',
    headers: { accept: 'application/pdf' },
    body: JSON.stringify({ record_ids: recordIds, dealer, ...(after > 0 && { after }) }),
  });
  await saveAttachment(response, 'declaration.pdf');
  return declarationNumber(response);
}

/**
 * Keeps the dealer a declaration named on the records it listed that name none (the records service's, as the
 * declaration is the exports service's); the reads that follow are at least as fresh.
 */
export async function keepDeclaredDealer(recordIds: readonly string[], dealer: string): Promise<void> {
  const response = await request('/api/culls/declared-dealer', {
    method: 'POST',
    body: JSON.stringify({ record_ids: recordIds, dealer }),
  });
  noteWritePosition(response.headers.get(EVENT_POSITION_HEADER));
}

/** The larder book of a season, as the page's filters ask for it. */
export function larderQuery(params: LarderParams) {
  return queryOptions({
    queryKey: [...queryKeys.larder, params] as const,
    queryFn: ({ signal }) => fetchLarder(params, signal),
    placeholderData: keepPreviousData,
  });
}
