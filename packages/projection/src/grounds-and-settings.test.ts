import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEASON_START, type SeasonStart } from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { applyGroundOrSettingsEvent, type GroundsAndSettingsRows } from './grounds-and-settings';
import {
  GROUND_NAMES_TABLE,
  sqliteGroundsAndSettings,
  sqliteSeasonStart,
  USER_SETTINGS_TABLE,
} from './sqlite-grounds-and-settings';

function rowsInMemory() {
  const names = new Map<string, { userId: string; name: string }>();
  const starts = new Map<string, SeasonStart>();
  const rows: GroundsAndSettingsRows = {
    putGroundName: (streamId, userId, name) => void names.set(streamId, { userId, name }),
    putSeasonStart: (userId, seasonStart) => void starts.set(userId, seasonStart),
  };
  return { rows, names, starts };
}

describe('ground and settings events', () => {
  it("keep each ground's latest name and each user's season start, and let other events pass", () => {
    const log = createSampleEventLog();
    const { rows, names, starts } = rowsInMemory();
    const ground = log.groundCreated('alice', 'Home Wood');

    expect(applyGroundOrSettingsEvent(rows, ground)).toBe(true);
    expect(applyGroundOrSettingsEvent(rows, log.groundRenamed('alice', ground.streamId, 'Far Wood'))).toBe(
      true,
    );
    expect(applyGroundOrSettingsEvent(rows, log.settingsChanged('bob', '08-01'))).toBe(true);
    expect(applyGroundOrSettingsEvent(rows, log.groundArchived('alice', ground.streamId))).toBe(false);
    expect(applyGroundOrSettingsEvent(rows, log.recorded('alice'))).toBe(false);

    expect(names).toEqual(new Map([[ground.streamId, { userId: 'alice', name: 'Far Wood' }]]));
    expect(starts).toEqual(new Map([['bob', '08-01']]));
  });
});

describe('SQLite ground names and settings', () => {
  it('write the latest of each, and read the default start for a user with none or with one not known', () => {
    const db = new Database(':memory:');
    db.exec(`${GROUND_NAMES_TABLE}\n${USER_SETTINGS_TABLE}`);
    const rows = sqliteGroundsAndSettings(db);
    const seasonStart = sqliteSeasonStart(db);

    rows.putGroundName('g1', 'alice', 'Home Wood');
    rows.putGroundName('g1', 'alice', 'Far Wood');
    rows.putSeasonStart('alice', '08-01');
    rows.putSeasonStart('alice', '04-01');
    rows.putSeasonStart('bob', '08-01');
    db.prepare("INSERT INTO user_settings VALUES ('carol', '13-01')").run();

    expect(db.prepare('SELECT stream_id, user_id, name FROM ground_names').all()).toEqual([
      { stream_id: 'g1', user_id: 'alice', name: 'Far Wood' },
    ]);
    expect(seasonStart('alice')).toBe('04-01');
    expect(seasonStart('bob')).toBe('08-01');
    expect(seasonStart('carol')).toBe(DEFAULT_SEASON_START);
    expect(seasonStart('dan')).toBe(DEFAULT_SEASON_START);
    db.close();
  });
});
