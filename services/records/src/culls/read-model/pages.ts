import type { SortColumn } from '@cull-log/contracts';

/** Columns a sort walks, in order; the record id always comes last so equal values page stably. */
export function sortKeys(sort: SortColumn): readonly string[] {
  return sort === 'date' ? ['date', 'time'] : [sort];
}

/** Free-text columns compare without regard to case, as a person reading the table expects. */
export const CASE_INSENSITIVE_COLUMNS: ReadonlySet<string> = new Set([
  'location_name',
  'species',
  'sex',
  'age_estimate',
  'condition',
  'shot_placement',
  'shot_distance',
]);

/** Which rows of a sorted result a page reads: `limit` rows after skipping `offset`, in the asked order or reversed. */
export interface PageWindow {
  reversed: boolean;
  offset: number;
  limit: number;
}

/**
 * A page past the middle of `total` rows is read from the other end, in the opposite order, and the rows are
 * reversed back: a walk skips whichever part is shorter, so the last page costs what the first does.
 */
export function pageWindow(page: number, pageSize: number, total: number): PageWindow {
  const offset = (page - 1) * pageSize;
  const limit = Math.max(0, Math.min(pageSize, total - offset));
  if (limit === 0 || total - offset >= offset + limit) return { reversed: false, offset, limit };
  return { reversed: true, offset: total - offset - limit, limit };
}

/** The order a window reads in: the asked one, or its opposite when it reads from the end. */
export function readOrder(window: PageWindow, order: 'asc' | 'desc'): 'asc' | 'desc' {
  if (!window.reversed) return order;
  return order === 'asc' ? 'desc' : 'asc';
}
