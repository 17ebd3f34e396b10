import type Database from 'better-sqlite3';
import type { SeasonStart } from '@cull-log/contracts';
import { storedSeasonStart, type GroundsAndSettingsRows } from './grounds-and-settings';

// The two tables as step 1 of each projection's migrations creates them, to be placed in its schema at two spaces'
// indent: SQLite keeps their text as written. Part of released steps, so never edited: a change is a new step.

/** Each ground's name now, by the ground's stream. */
export const GROUND_NAMES_TABLE = `CREATE TABLE IF NOT EXISTS ground_names (
    stream_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL
  ) WITHOUT ROWID;`;

/** Each user's season start, once they have set one. */
export const USER_SETTINGS_TABLE = `CREATE TABLE IF NOT EXISTS user_settings (
    user_id TEXT PRIMARY KEY,
    season_start TEXT NOT NULL
  ) WITHOUT ROWID;`;

/** Writes ground names and season starts to the two tables, in the transaction of the batch that moves them. */
export function sqliteGroundsAndSettings(db: Database.Database): GroundsAndSettingsRows {
  const upsertGroundName = db.prepare(
    `INSERT INTO ground_names (stream_id, user_id, name) VALUES (?, ?, ?)
     ON CONFLICT (stream_id) DO UPDATE SET user_id = excluded.user_id, name = excluded.name`,
  );
  const upsertSeasonStart = db.prepare(
    `INSERT INTO user_settings (user_id, season_start) VALUES (?, ?)
     ON CONFLICT (user_id) DO UPDATE SET season_start = excluded.season_start`,
  );
  return {
    putGroundName: (streamId, userId, name) => void upsertGroundName.run(streamId, userId, name),
    putSeasonStart: (userId, seasonStart) => void upsertSeasonStart.run(userId, seasonStart),
  };
}

/** Reads a user's season start from `user_settings`. */
export function sqliteSeasonStart(db: Database.Database): (userId: string) => SeasonStart {
  const select = db
    .prepare<[string], string>('SELECT season_start FROM user_settings WHERE user_id = ?')
    .pluck();
  return (userId) => storedSeasonStart(select.get(userId));
}
