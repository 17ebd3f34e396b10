import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SEASON_START,
  MANAGEMENT_EVENT_TYPES,
  teamOwnerId,
  type SeasonStart,
  type StoredLogEvent,
} from '@cull-log/contracts';
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

describe('a ground moved into a team', () => {
  const TEAM = '3c1f6f4e-8d1a-4b7e-9f00-5a2b7c9d0e11';
  const movedEvent = (streamId: string, position: number): StoredLogEvent => ({
    id: `moved-${position}`,
    streamId,
    version: 3,
    userId: teamOwnerId(TEAM),
    occurredAt: '2026-11-05T09:00:00.000Z',
    meta: { correlationId: 'request' },
    type: MANAGEMENT_EVENT_TYPES.groundMoved,
    data: {
      team_id: TEAM,
      name: 'Far Wood',
      notes: null,
      boundary: null,
      centre: null,
      created_at: '2026-11-01T09:00:00.000Z',
    },
    position,
  });

  it('takes the team as the ground’s owner, keeping its name', () => {
    const log = createSampleEventLog();
    const { rows, names } = rowsInMemory();
    const ground = log.groundCreated('alice', 'Home Wood');
    applyGroundOrSettingsEvent(rows, ground);
    expect(applyGroundOrSettingsEvent(rows, movedEvent(ground.streamId, ground.position + 1))).toBe(true);
    expect(names).toEqual(new Map([[ground.streamId, { userId: teamOwnerId(TEAM), name: 'Far Wood' }]]));
  });

  it('moves the SQLite row to the team, so erasing the mover’s rows by user id leaves it', () => {
    const db = new Database(':memory:');
    db.exec(`${GROUND_NAMES_TABLE}\n${USER_SETTINGS_TABLE}`);
    const rows = sqliteGroundsAndSettings(db);
    rows.putGroundName('g1', 'alice', 'Home Wood');
    applyGroundOrSettingsEvent(rows, movedEvent('g1', 9));
    db.prepare('DELETE FROM ground_names WHERE user_id = ?').run('alice');
    expect(db.prepare('SELECT stream_id, user_id, name FROM ground_names').all()).toEqual([
      { stream_id: 'g1', user_id: teamOwnerId(TEAM), name: 'Far Wood' },
    ]);
    db.close();
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
