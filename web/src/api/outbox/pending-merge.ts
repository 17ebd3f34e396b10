import type {
  Count,
  CullView,
  ListedCount,
  ListCullsResponse,
  ListOutingsResponse,
  MapPointsResponse,
  Outing,
} from '@cull-log/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../keys';
import type { OutboxItem } from './outbox';

/**
 * Changes waiting in the outbox, shown in what the screens already have: a new record at the top of the first
 * page and on the map, an amended one with its new values, a deleted one gone. Applying them twice changes
 * nothing, so they can be applied after every change to the outbox and to data restored from the device.
 */
export function pendingView(item: OutboxItem, now = new Date()): CullView | undefined {
  if (item.command.kind !== 'create') return undefined;
  const at = new Date(item.queuedAt || now.getTime()).toISOString();
  return {
    ...(item.command.body as unknown as CullView),
    id: item.command.recordId,
    created_by: item.userId,
    created_at: at,
    updated_at: at,
    version: 1,
    warnings: [],
  };
}

function amendedBy(items: readonly OutboxItem[], record: CullView): CullView {
  let next = record;
  for (const item of items) {
    if (item.command.kind !== 'amend' || item.command.recordId !== record.id) continue;
    const { expected_version: _version, ...changes } = item.command.body;
    next = { ...next, ...(changes as Partial<CullView>) };
  }
  return next;
}

const deletedIds = (items: readonly OutboxItem[]) =>
  new Set(items.filter((item) => item.command.kind === 'delete').map((item) => item.command.recordId));

export function mergeIntoList(
  data: ListCullsResponse,
  items: readonly OutboxItem[],
  isFirstPage: boolean,
): ListCullsResponse {
  const deleted = deletedIds(items);
  const present = new Set(data.items.map((record) => record.id));
  const created = isFirstPage
    ? items.flatMap((item) => {
        const view = pendingView(item);
        return view && !present.has(view.id) ? [view] : [];
      })
    : [];
  const kept = data.items
    .filter((record) => !deleted.has(record.id))
    .map((record) => amendedBy(items, record));
  const merged = [...created.reverse(), ...kept];
  return { ...data, items: merged, total: data.total + created.length - (data.items.length - kept.length) };
}

export function mergeIntoMapPoints(data: MapPointsResponse, items: readonly OutboxItem[]): MapPointsResponse {
  const species = [...data.species];
  const points = [...data.points];
  const has = (lat: number, lng: number) => points.some(([pLat, pLng]) => pLat === lat && pLng === lng);
  for (const item of items) {
    const view = pendingView(item);
    if (!view || typeof view.latitude !== 'number' || typeof view.longitude !== 'number') continue;
    if (has(view.latitude, view.longitude)) continue;
    let index = species.indexOf(view.species);
    if (index < 0) index = species.push(view.species) - 1;
    points.unshift([view.latitude, view.longitude, index]);
  }
  return { ...data, species, points };
}

/** An outing with the people out and deer seen this device has not yet sent for it, the newest last. */
export function outingWithPending(outing: Outing, items: readonly OutboxItem[]): Outing {
  let next = outing;
  for (const item of items) {
    if (item.command.kind !== 'outing-sightings' || item.command.recordId !== outing.id) continue;
    next = { ...next, ...item.command.body };
  }
  return next;
}

export function mergeIntoOutings(
  data: ListOutingsResponse,
  items: readonly OutboxItem[],
): ListOutingsResponse {
  return {
    ...data,
    items: data.items.map((outing) => outingWithPending(outing, items)),
    open: data.open === null ? null : outingWithPending(data.open, items),
  };
}

/**
 * A ground's counts with the new ones this device has not yet sent for it (waiting or refused) at the top, newest
 * queued first; one the server already lists is not shown twice. A waiting dung count has no density yet (`dung`
 * null): the server works it out.
 */
export function countsWithPending(
  counts: readonly ListedCount[],
  items: readonly OutboxItem[],
  groundId: string,
): readonly ListedCount[] {
  const present = new Set(counts.map((count) => count.id));
  const created = items.flatMap((item): Count[] => {
    const { command } = item;
    if (command.kind !== 'record-count' || command.body.ground_id !== groundId) return [];
    if (present.has(command.recordId)) return [];
    const at = new Date(item.queuedAt).toISOString();
    return [
      {
        id: command.recordId,
        ground_id: command.body.ground_id,
        date: command.body.date,
        method: command.body.method,
        items: command.body.items ?? [],
        notes: command.body.notes ?? null,
        dung: null,
        version: 1,
        created_at: at,
        updated_at: at,
      },
    ];
  });
  return created.length === 0 ? counts : [...created.reverse(), ...counts];
}

/** Whether a read is a team's (its key ends with `{ team }`): the outbox's new records are the user's own diary's. */
const isTeamRead = (queryKey: readonly unknown[]) =>
  queryKey.some((part) => typeof part === 'object' && part !== null && 'team' in part);

/**
 * Shows `items` (one user's outbox) in every list, record and map already in the cache; a team's list and map get
 * only the changes to records already on them, as the server decides which new records are the team's.
 */
export function applyPending(queryClient: QueryClient, items: readonly OutboxItem[]): void {
  if (items.length === 0) return;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.culls })) {
    const [, kind, arg] = query.queryKey as readonly [string, string, unknown];
    const data = query.state.data;
    if (data === undefined) continue;
    // Kept as read when it was read: the merge is not a newer answer from the server.
    const options = { updatedAt: query.state.dataUpdatedAt };
    if (kind === 'list') {
      const page = (arg as { page?: number } | undefined)?.page ?? 1;
      const search = (arg as { search?: string } | undefined)?.search;
      queryClient.setQueryData(
        query.queryKey,
        mergeIntoList(data as ListCullsResponse, items, page === 1 && !search && !isTeamRead(query.queryKey)),
        options,
      );
    } else if (kind === 'map-points' && !isTeamRead(query.queryKey)) {
      queryClient.setQueryData(query.queryKey, mergeIntoMapPoints(data as MapPointsResponse, items), options);
    } else if (kind === 'detail') {
      queryClient.setQueryData(query.queryKey, amendedBy(items, data as CullView), options);
    }
  }
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.outings })) {
    const data = query.state.data as ListOutingsResponse | undefined;
    if (data === undefined) continue;
    const merged = mergeIntoOutings(data, items);
    // Nothing pending for these outings: the same answer, so the screens showing it are not drawn again.
    if (merged.items.every((outing, index) => outing === data.items[index]) && merged.open === data.open)
      continue;
    queryClient.setQueryData(query.queryKey, merged, { updatedAt: query.state.dataUpdatedAt });
  }
  for (const item of items) {
    const view = pendingView(item);
    if (view)
      queryClient.setQueryData(
        [...queryKeys.culls, 'detail', view.id],
        (old: CullView | undefined) => old ?? view,
      );
  }
}
