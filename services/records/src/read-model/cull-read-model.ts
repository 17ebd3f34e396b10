import {
  MapCull,
  type Cull,
  type ListCullsQuery,
  type ListCullsResponse,
  type SortColumn,
  type StoredEvent,
} from '@cull-log/contracts';

/**
 * Current records per user, kept in step with the event log by `apply`, which runs inside the append's
 * transaction (`Tx` is the event-store adapter's transaction handle), so a user reads their own writes at once.
 */
export interface CullReadModel<Tx> {
  /** Applies freshly appended events; throwing rolls the append back. */
  apply(tx: Tx, events: readonly StoredEvent[]): void | Promise<void>;
  /** The caller's record, or undefined when it does not exist or belongs to someone else. */
  get(userId: string, id: string): Promise<Cull | undefined>;
  list(userId: string, query: ListCullsQuery): Promise<ListCullsResponse>;
  /** Every record of the user with both coordinates, newest created first, with only what the map shows. */
  listLocated(userId: string): Promise<MapCull[]>;
}

/** The fields a map marker and its popup need besides the id, as the contract names them. */
export const MAP_CULL_FIELDS = Object.keys(MapCull.shape).filter((field) => field !== 'id') as Exclude<
  keyof MapCull,
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
