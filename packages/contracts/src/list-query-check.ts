import type { ListCullsQuery } from './api';
import { CARCASS_DESTINATIONS, SEXES, type CarcassDestination, type Sex } from './enums';
import {
  FILTER_ID_PATTERN,
  LIMITS,
  LIST_CULLS_FILTER_FIELDS,
  LIST_CULLS_QUERY_DEFAULTS as DEFAULTS,
  SORT_COLUMNS,
  SORT_ORDERS,
  type SortColumn,
} from './limits';

/**
 * `ListCullsQuery` checked without zod: the records list keeps its page, sort and search in its address and reads them
 * back before its first answer, and building zod for that was most of the list's start-up on a phone. Accepts exactly
 * what the schema accepts, with the same coercions and defaults; `list-query-check.test.ts` holds it to that.
 *
 * Written by hand because it measurably beats zod's tree-shakable `zod/mini` (4.6.7): the list's check built with
 * `zod/mini` is 7.0 KB gzipped against 0.7 KB here, on the records list's way to its first answer (each bundled alone
 * with esbuild --minify, gzip -9, 27/11/2026). The larder book's check below is of the same kind.
 */
export type ListCullsQueryCheck = { success: true; data: ListCullsQuery } | { success: false };

/** The fields of the list's query, as they are named in its address. */
export const LIST_CULLS_QUERY_FIELDS = [
  ...(Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]),
  ...LIST_CULLS_FILTER_FIELDS,
];
const FIELDS = new Set<string>(LIST_CULLS_QUERY_FIELDS);

/** A whole number (a safe integer) of at least 1 and at most `max`, as `z.coerce.number().int().min(1)` reads it. */
function wholeNumber(value: unknown, fallback: number, max = Infinity): number | undefined {
  if (value === undefined) return fallback;
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 1 && number <= max ? number : undefined;
}

function oneOf<T extends string>(choices: readonly T[], value: unknown, fallback: T): T | undefined {
  if (value === undefined) return fallback;
  return choices.includes(value as T) ? (value as T) : undefined;
}

/** The list's query from its address's parameters (all text), as `ListCullsQuery.safeParse` would give it. */
export function checkListCullsQuery(value: Record<string, unknown>): ListCullsQueryCheck {
  if (Object.keys(value).some((key) => !FIELDS.has(key))) return { success: false };
  const page = wholeNumber(value.page, DEFAULTS.page, LIMITS.pageMax);
  const pageSize = wholeNumber(value.page_size, DEFAULTS.page_size, LIMITS.pageSizeMax);
  const sort = oneOf<SortColumn>(SORT_COLUMNS, value.sort, DEFAULTS.sort);
  const order = oneOf(SORT_ORDERS, value.order, DEFAULTS.order);
  const q = value.q === undefined ? DEFAULTS.q : typeof value.q === 'string' ? value.q.trim() : undefined;
  if (
    page === undefined ||
    pageSize === undefined ||
    sort === undefined ||
    order === undefined ||
    q === undefined ||
    q.length > LIMITS.searchText
  )
    return { success: false };
  const filters = checkFilters(value);
  if (filters === undefined) return { success: false };
  return { success: true, data: { page, page_size: pageSize, sort, order, q, ...filters } };
}

type ListFilters = Pick<ListCullsQuery, (typeof LIST_CULLS_FILTER_FIELDS)[number]>;

/** The list's filters, each absent or valid; undefined when one is not. */
function checkFilters(value: Record<string, unknown>): ListFilters | undefined {
  const { ground_id, outing_id, species, sex, destination } = value;
  const isId = (id: unknown) => id === undefined || (typeof id === 'string' && FILTER_ID_PATTERN.test(id));
  if (!isId(ground_id) || !isId(outing_id)) return undefined;
  if (species !== undefined && typeof species !== 'string') return undefined;
  const trimmedSpecies = species?.trim();
  if (trimmedSpecies !== undefined && (trimmedSpecies === '' || trimmedSpecies.length > LIMITS.shortText))
    return undefined;
  if (sex !== undefined && !SEXES.includes(sex as Sex)) return undefined;
  if (destination !== undefined && !CARCASS_DESTINATIONS.includes(destination as CarcassDestination))
    return undefined;
  return {
    ...(ground_id !== undefined && { ground_id: ground_id as string }),
    ...(outing_id !== undefined && { outing_id: outing_id as string }),
    ...(trimmedSpecies !== undefined && { species: trimmedSpecies }),
    ...(sex !== undefined && { sex: sex as Sex }),
    ...(destination !== undefined && { destination: destination as CarcassDestination }),
  };
}

/** The larder book's filters, as its address holds them. */
export interface LarderFilters {
  season?: string;
  destination?: CarcassDestination;
}

export type LarderFiltersCheck = { success: true; data: LarderFilters } | { success: false };

const LARDER_FIELDS = new Set(['season', 'destination']);

/** A stalking season's label as written, `2026/27`. */
export const SEASON_LABEL_PATTERN = /^\d{4}\/\d{2}$/;

/** Whether a season written `2026/27` or `2026-27` names a year and the next (the next by its last two digits). */
export function yearsFollowOn(season: string): boolean {
  return Number(season.slice(5)) === (Number(season.slice(0, 4)) + 1) % 100;
}

/** A stalking season's label, `2026/27`: a year and the last two digits of the next, as `SeasonLabel` accepts it. */
function isSeasonLabel(value: unknown): value is string {
  return typeof value === 'string' && SEASON_LABEL_PATTERN.test(value) && yearsFollowOn(value);
}

/**
 * The larder book's filters checked without zod, as `LarderQuery.safeParse` checks them (the book reads them from its
 * address before its first answer); `list-query-check.test.ts` holds it to that. The query's `after` is the API's own,
 * never in the book's address, and refused here.
 */
export function checkLarderFilters(value: Record<string, unknown>): LarderFiltersCheck {
  if (Object.keys(value).some((key) => !LARDER_FIELDS.has(key))) return { success: false };
  const { season, destination } = value;
  if (season !== undefined && !isSeasonLabel(season)) return { success: false };
  if (destination !== undefined && !CARCASS_DESTINATIONS.includes(destination as CarcassDestination))
    return { success: false };
  return {
    success: true,
    data: {
      ...(season !== undefined && { season }),
      ...(destination !== undefined && { destination: destination as CarcassDestination }),
    },
  };
}
