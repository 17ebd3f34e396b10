import type Database from 'better-sqlite3';
import { MANAGEMENT_EVENT_TYPES, TEAM_EVENT_TYPES, type StoredLogEvent } from '@cull-log/contracts';
import { migrateSqlite } from '@cull-log/storage-kit';
import {
  applyCountToSqlite,
  openSqliteCountsReadModel,
  SQLITE_COUNT_MIGRATIONS,
} from '../counts/sqlite-counts-read-model';
import {
  applyGroundToSqlite,
  openSqliteGroundsReadModel,
  SQLITE_GROUND_MIGRATIONS,
  type GroundMovedHook,
} from '../grounds/sqlite-grounds-read-model';
import {
  applyOutingToSqlite,
  openSqliteOutingsReadModel,
  SQLITE_OUTING_MIGRATIONS,
} from '../outings/sqlite-outings-read-model';
import {
  applyAllocationsToSqlite,
  applyPlansToSqlite,
  applyDeerValuesToSqlite,
  applySettingsToSqlite,
  openSqliteSettingsReadModel,
  SQLITE_SETTINGS_MIGRATIONS,
} from '../settings/sqlite-settings-read-model';
import {
  applyMemberLinkToSqlite,
  applyTeamToSqlite,
  openSqliteTeamsReadModel,
  SQLITE_TEAM_MIGRATIONS,
  TEAM_USER_TABLES,
} from '../teams/sqlite-teams-read-model';
import { isCountEvent, isGroundEvent, isMemberLink, isOutingEvent, isTeamEvent } from './management-events';
import type { ManagementReadModel } from './management-read-model';
import { READ_MODEL_STORES } from './store-names';

type SqliteDatabase = Database.Database;
const T = MANAGEMENT_EVENT_TYPES;

/** The tables a user's grounds, outings, counts, settings, plans and team links are kept in, each with the owner's user_id. */
export const MANAGEMENT_TABLES = [
  'grounds',
  'outings',
  'counts',
  'user_settings',
  'deer_values',
  'cull_plans',
  ...TEAM_USER_TABLES,
] as const;

/**
 * Applies the events of grounds, outings, counts, settings and plans to their tables through `db`, passing over the rest
 * and over a version already applied; `onMoved` is told of each ground moved to another owner.
 */
export function applyManagementToSqlite(
  db: SqliteDatabase,
  events: readonly StoredLogEvent[],
  onMoved: GroundMovedHook,
): void {
  for (const event of events) {
    if (isGroundEvent(event)) applyGroundToSqlite(db, event, onMoved);
    else if (isOutingEvent(event)) applyOutingToSqlite(db, event);
    else if (isCountEvent(event)) applyCountToSqlite(db, event);
    else if (event.type === T.settingsChanged) applySettingsToSqlite(db, event);
    else if (event.type === T.deerValuesSaved) applyDeerValuesToSqlite(db, event);
    else if (event.type === T.plansSet) applyPlansToSqlite(db, event);
    else if (event.type === TEAM_EVENT_TYPES.plansAllocated) applyAllocationsToSqlite(db, event);
    else if (isTeamEvent(event)) applyTeamToSqlite(db, event);
    else if (isMemberLink(event)) applyMemberLinkToSqlite(db, event);
  }
}

/**
 * Deletes at most `limit` of the user's grounds, outings, counts, settings and plans through `db` (a batch of the erasure's
 * transactions); answers how many rows went, fewer than `limit` only when none is left.
 */
export function eraseManagementFromSqlite(db: SqliteDatabase, userId: string, limit: number): number {
  let erased = 0;
  for (const table of MANAGEMENT_TABLES) {
    if (erased >= limit) break;
    erased += db
      .prepare(`DELETE FROM ${table} WHERE user_id = ? LIMIT ?`)
      .run(userId, limit - erased).changes;
  }
  return erased;
}

/** The queries of grounds, outings, settings and plans on the records database, once their tables are up to date. */
export function openSqliteManagementReadModel(db: SqliteDatabase): ManagementReadModel {
  migrateSqlite(db, READ_MODEL_STORES.grounds, SQLITE_GROUND_MIGRATIONS);
  migrateSqlite(db, READ_MODEL_STORES.outings, SQLITE_OUTING_MIGRATIONS);
  migrateSqlite(db, READ_MODEL_STORES.counts, SQLITE_COUNT_MIGRATIONS);
  migrateSqlite(db, READ_MODEL_STORES.settings, SQLITE_SETTINGS_MIGRATIONS);
  migrateSqlite(db, READ_MODEL_STORES.teams, SQLITE_TEAM_MIGRATIONS);
  return {
    ...openSqliteTeamsReadModel(db),
    ...openSqliteGroundsReadModel(db),
    ...openSqliteOutingsReadModel(db),
    ...openSqliteCountsReadModel(db),
    ...openSqliteSettingsReadModel(db),
  };
}
