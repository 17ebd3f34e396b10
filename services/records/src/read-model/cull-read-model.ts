import {
  MAP_POINTS_LIMIT,
  MapCullFields,
  type Cull,
  type CullsAtQuery,
  type ListCullsQuery,
  type CullPage,
  type MapPointsResponse,
  type SortColumn,
  type StoredLogEvent,
} from '@cull-log/contracts';
import type { TaggedRecord } from '@cull-log/domain';
import type { ManagementReadModel } from './management-read-model';

/**
 * Current records per user, kept in step with the event log by `apply`, which runs inside the append's
 * transaction (`Tx` is the event-store adapter's transaction handle), so a user reads their own writes at once.
 */
export interface CullReadModel<Tx> extends ManagementReadModel {
  /** Applies freshly appended events; throwing rolls the append back. */
  apply(tx: Tx, events: readonly StoredLogEvent[]): void | Promise<void>;
  /** Deletes every record of the user and what indexes them, in the transaction erasing their events. */
  eraseUser(tx: Tx, userId: string): void | Promise<void>;
  /** The caller's record, or undefined when it does not exist or belongs to someone else. */
  get(userId: string, id: string): Promise<Cull | undefined>;
  list(userId: string, query: ListCullsQuery): Promise<CullPage>;
  /**
   * The user's records with both coordinates, newest created first, with only what the map shows; at most
   * MAP_POINTS_LIMIT of them.
   */
  listLocated(userId: string): Promise<MapCullFields[]>;
  /**
   * The user's newest MAP_POINTS_LIMIT located records as bare points, and whether there are more; with a filter,
   * only the records it lets through.
   */
  mapPoints(userId: string, filter?: MapPointsFilter): Promise<MapPointsResponse>;
  /** The user's records at exactly this point, newest created first, with only what the map shows. */
  listAt(userId: string, point: CullsAtQuery): Promise<MapCullFields[]>;
  /**
   * The user's records whose carcass tag has one of these keys (`carcassTagKey`), from an index on the user and the
   * key, so a page's duplicate-tag warnings cost one lookup whatever the number of records.
   */
  sameTag(userId: string, tagKeys: readonly string[]): Promise<TaggedRecord[]>;
}

/** The map's filters, each optional: a season's dates (inclusive), a species (any case), a sex, a ground. */
export interface MapPointsFilter {
  from?: string;
  to?: string;
  species?: string;
  sex?: string;
  groundId?: string;
}

/** Whether a filter lets through only some records. */
export function filtersSome(filter: MapPointsFilter | undefined): filter is MapPointsFilter {
  return filter !== undefined && Object.values(filter).some((value) => value !== undefined);
}

/** The fields a map marker and its popup need besides the id, as the contract names them. */
export const MAP_CULL_FIELDS = Object.keys(MapCullFields.shape).filter((field) => field !== 'id') as Exclude<
  keyof MapCullFields,
  'id'
>[];

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

/** Packs located rows, newest first, into the map's answer: each species named once, points index into it. */
export function toMapPoints(
  rows: Iterable<readonly [latitude: number, longitude: number, species: string]>,
): MapPointsResponse {
  const species: string[] = [];
  const speciesIndex = new Map<string, number>();
  const points: MapPointsResponse['points'] = [];
  for (const [latitude, longitude, name] of rows) {
    if (points.length === MAP_POINTS_LIMIT) return { species, points, truncated: true };
    let index = speciesIndex.get(name);
    if (index === undefined) {
      index = species.push(name) - 1;
      speciesIndex.set(name, index);
    }
    points.push([latitude, longitude, index]);
  }
  return { species, points, truncated: false };
}
