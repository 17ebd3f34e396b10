import type {
  Cull,
  CullsAtQuery,
  ListCullsQuery,
  CullPage,
  MapCullFields,
  MapPointsResponse,
  Sex,
  StoredLogEvent,
} from '@cull-log/contracts';
import type { TaggedRecord } from '@cull-log/domain';
import type { MapPointsFilter } from '../culls/read-model/map-points';
import type { ManagementReadModel } from './management-read-model';
import type { ImportsReadModel } from '../imports/imports-read-model';

/** The reads of records each store answers with its own queries (the rest of the read model is composed around them). */
export type CullQueryName =
  | 'get'
  | 'list'
  | 'getScoped'
  | 'listScoped'
  | 'mapPointsScoped'
  | 'listAtScoped'
  | 'listLocated'
  | 'mapPoints'
  | 'listAt'
  | 'sameTag'
  | 'groundCullTally';

/** The user's records on a ground alike in day, species, sex and outing (null: none), and how many of them. */
export interface GroundCullTally {
  date: string;
  species: string;
  sex: Sex;
  outing_id: string | null;
  count: number;
}

/** What a team reads of its grounds: the records on them, everyone's or only some people's. */
export interface RecordScope {
  /** The team's owner id (`teamOwnerId`): the records on its grounds. */
  teamOwnerId: string;
  /** Only these people's records; undefined for everyone's. */
  userIds?: readonly string[];
}

/**
 * Current records per user, kept in step with the event log by `apply`, which runs inside the append's
 * transaction (`Tx` is the event-store adapter's transaction handle), so a user reads their own writes at once.
 */
export interface CullReadModel<Tx> extends ManagementReadModel {
  /** Applies freshly appended events; throwing rolls the append back. */
  apply(tx: Tx, events: readonly StoredLogEvent[]): void | Promise<void>;
  /** The user's imports, kept beside the records they are matched against; erased with the user's records. */
  readonly imports: ImportsReadModel<Tx>;
  /**
   * Deletes at most `limit` of the user's rows (records, what indexes them, grounds, outings, settings, plans,
   * imports) in a batch of the erasure's transactions (the event store's EraseInTransaction); answers how many went,
   * fewer than `limit` only when nothing of the user's is left.
   */
  eraseUser(tx: Tx, userId: string, limit: number): number | Promise<number>;
  /**
   * Deletes these records of the user's (another user's record named here stays) and whatever names them: their
   * search index rows, their part of the user's total and of the total of the team whose ground they are on (a team
   * reads a member's records by their rows), and the imports' lists of the records they wrote; in the transaction
   * erasing their events. An outing counts its records as it is read, so its count follows.
   */
  eraseRecords(
    tx: Tx,
    userId: string,
    recordIds: readonly string[],
  ): void | boolean | Promise<void | boolean>;
  /** The caller's record, or undefined when it does not exist or belongs to someone else. */
  get(userId: string, id: string): Promise<Cull | undefined>;
  list(userId: string, query: ListCullsQuery): Promise<CullPage>;
  /** A record of `scope`: a team's read of one record on its grounds. */
  getScoped(scope: RecordScope, id: string): Promise<Cull | undefined>;
  /** The records of `scope`, searched, sorted and paged as `list` pages a user's own. */
  listScoped(scope: RecordScope, query: ListCullsQuery): Promise<CullPage>;
  /** The map's points of `scope`, as `mapPoints` gives a user's own. */
  mapPointsScoped(scope: RecordScope, filter?: MapPointsFilter): Promise<MapPointsResponse>;
  /** The records of `scope` at exactly this point, as `listAt` gives a user's own. */
  listAtScoped(scope: RecordScope, point: CullsAtQuery): Promise<MapCullFields[]>;
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
  /** The user's records on one ground, counted by day, species, sex and outing: what a ground's trends read. */
  groundCullTally(userId: string, groundId: string): Promise<GroundCullTally[]>;
}
