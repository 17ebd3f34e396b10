import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { seasonKeyOf, teamOwnerId } from '@cull-log/contracts';
import { seasonOfKey } from '@cull-log/domain';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { sqliteSchemaVersions } from '@cull-log/storage-kit/testing';
import { exportStoreContract } from '../../testing/export-store-contract';
import { openSqliteExportStore } from './index';
import { teamKeeps, type KeptSource } from '../../testing/kept-culls';

const directory = mkdtempSync(join(tmpdir(), 'cull-log-exports-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

exportStoreContract('SQLite', async () => openSqliteExportStore({ file: join(directory, 'exports.db') }));

describe('a SQLite file from before the larder book', () => {
  it('has its larder filled from the export rows when opened, once', async () => {
    const file = join(directory, 'before-larder.db');
    const store = openSqliteExportStore({ file });
    const log = createSampleEventLog();
    const kept = log.recorded('alice', { date: '2026-05-02', carcass_tag: 'T-1' });
    await store.apply(kept);
    await store.apply(log.recorded('bob', { date: '2026-02-01' }));
    await store.close();
    // As the file was before: export rows, no larder, and no schema version (numbering came later).
    const old = new Database(file);
    old.exec('DROP TABLE larder; DROP TABLE larder_months; DROP TABLE schema_migrations;');
    old.close();

    const reopened = openSqliteExportStore({ file });
    try {
      expect(await reopened.larder('alice', seasonOfKey(seasonKeyOf('2026/27')))).toEqual([
        { id: kept.streamId, fields: expect.objectContaining({ carcass_tag: 'T-1' }) },
      ]);
      expect(await reopened.larderSeasons('bob', '04-01')).toEqual([{ label: '2025/26', carcasses: 1 }]);
      await reopened.apply(log.recorded('alice', { date: '2026-06-01' }));
      expect(await reopened.larderSeasons('alice', '04-01')).toEqual([{ label: '2026/27', carcasses: 2 }]);
    } finally {
      await reopened.close();
    }
  });
});

describe('a SQLite file whose larder kept April seasons', () => {
  it('loses the season column and counts its months once, so seasons follow the user start', async () => {
    const file = join(directory, 'april-seasons.db');
    const store = openSqliteExportStore({ file });
    const log = createSampleEventLog();
    await store.apply(log.recorded('alice', { date: '2026-05-02' }));
    await store.apply(log.recorded('alice', { date: '2026-09-02' }));
    await store.close();
    // As the file was: a season on each larder row, indexed, a count per season, and no schema version.
    const old = new Database(file);
    old.exec(`
      DROP TABLE schema_migrations;
      DROP TABLE larder_months;
      DROP INDEX larder_by_user_date;
      DROP INDEX larder_by_user_destination;
      ALTER TABLE larder ADD COLUMN season TEXT NOT NULL DEFAULT '2026/27';
      CREATE INDEX larder_by_user_season ON larder (user_id, season, date, time, stream_id);
      CREATE TABLE larder_seasons (user_id TEXT NOT NULL, season TEXT NOT NULL, carcasses INTEGER NOT NULL,
        PRIMARY KEY (user_id, season)) WITHOUT ROWID;
      INSERT INTO larder_seasons VALUES ('alice', '2026/27', 2);
    `);
    old.close();

    for (let open = 0; open < 2; open++) {
      const reopened = openSqliteExportStore({ file });
      try {
        expect(await reopened.larderSeasons('alice', '08-01')).toEqual([
          { label: '2026/27', carcasses: 1 },
          { label: '2025/26', carcasses: 1 },
        ]);
        expect(await reopened.larder('alice', seasonOfKey('2026-27'))).toHaveLength(2);
      } finally {
        await reopened.close();
      }
    }
  });
});

describe('a SQLite file opened again', () => {
  const file = join(directory, 'opened-twice.db');

  it('has run each step of its schema once: its version is the last and step 1’s repairs do not run again', async () => {
    const first = openSqliteExportStore({ file });
    await first.apply(createSampleEventLog().recorded('alice', { date: '2026-05-02' }));
    await first.close();
    // Step 1 counts the months of a file that has none: run at every open, it would count these again.
    const between = new Database(file);
    between.exec('DELETE FROM larder_months');
    between.close();

    const second = openSqliteExportStore({ file });
    const seasons = await second.larderSeasons('alice', '04-01');
    await second.close();
    expect(seasons).toEqual([]);
    expect(sqliteSchemaVersions(file)).toEqual({ exports: 5 });
  });
});

describe('a SQLite file from before teams (schema version 1)', () => {
  it('gets each carcass’s ground and the counts by ground when opened, so a team reads them at once', async () => {
    const file = join(directory, 'before-teams.db');
    const teamId = randomUUID();
    const store = openSqliteExportStore({ file });
    const log = createSampleEventLog();
    const ground = log.groundCreated(teamOwnerId(teamId), 'Team Wood');
    const recorded = log.recorded('alice', { date: '2026-05-02', carcass_tag: 'T-1' });
    await store.applyBatch([ground, recorded, log.placed('alice', recorded.streamId, ground.streamId)]);
    await store.close();
    // As the file was at version 1: no ground on the larder, no counts by ground, no member links.
    const old = new Database(file);
    old.exec(`
      DROP TABLE larder_ground_months; DROP TABLE member_links; DROP TABLE team_members;
      DROP INDEX larder_by_ground_date; DROP INDEX culls_by_ground_created; DROP INDEX ground_names_by_user;
      ALTER TABLE larder DROP COLUMN ground_id;
      DROP TABLE outings; ALTER TABLE culls DROP COLUMN outing_id;
      DELETE FROM schema_migrations WHERE version >= 2;
    `);
    old.close();

    const reopened = openSqliteExportStore({ file });
    try {
      const book = await reopened.teamLarder({ teamId }, seasonOfKey(seasonKeyOf('2026/27')));
      expect(book.map((row) => [row.fields.carcass_tag, row.culledBy])).toEqual([
        ['T-1', { uid: 'alice', name: 'Former member' }],
      ]);
      expect(await reopened.teamLarderSeasons({ teamId }, '04-01')).toEqual([
        { label: '2026/27', carcasses: 1 },
      ]);
      expect(sqliteSchemaVersions(file)).toEqual({ exports: 5 });
    } finally {
      await reopened.close();
    }
  });
});

describe('a SQLite file from before who is in each team was kept (schema version 2)', () => {
  it('takes every linked member as in the team, as its reads showed them, until the team’s events say otherwise', async () => {
    const file = join(directory, 'before-team-members.db');
    const teamId = randomUUID();
    const store = openSqliteExportStore({ file });
    const log = createSampleEventLog();
    const ground = log.groundCreated(teamOwnerId(teamId), 'Team Wood');
    log.teamCreated(teamId, 'The Syndicate', 'member-ann');
    log.memberLinked('ann', teamId, 'member-ann', 'Ann Archer');
    log.memberLinked('bob', teamId, 'member-bob', 'Bob Bell');
    log.memberJoined(teamId, 'member-bob');
    for (const [uid, time] of [
      ['ann', '05:00'],
      ['bob', '06:00'],
    ] as const) {
      const recorded = log.recorded(uid, { date: '2026-05-02', time, grid_ref: 'SU 1234 5678' });
      log.placed(uid, recorded.streamId, ground.streamId);
    }
    await store.applyBatch(log.events);
    await store.close();
    // As the file was at version 2: the members' links, but not who is in the team now.
    const old = new Database(file);
    old.exec(`
      DROP TABLE team_members; DROP TABLE outings; ALTER TABLE culls DROP COLUMN outing_id;
      DELETE FROM schema_migrations WHERE version >= 3;
    `);
    old.close();

    const reopened = openSqliteExportStore({ file });
    const notes = async () => {
      const found = await reopened.teamLarder({ teamId }, seasonOfKey(seasonKeyOf('2026/27')));
      return found.map((row) => [row.culledBy.name, row.fields.grid_ref]);
    };
    try {
      expect(await notes()).toEqual([
        ['Ann Archer', 'SU 1234 5678'],
        ['Bob Bell', 'SU 1234 5678'],
      ]);
      await reopened.apply(log.memberLeft(teamId, 'member-bob', true));
      expect(await notes()).toEqual([
        ['Ann Archer', 'SU 1234 5678'],
        ['Bob Bell', undefined],
      ]);
      // Kept under the team's owner id, naming no person.
      const reader = new Database(file, { readonly: true });
      const owners = reader.prepare('SELECT DISTINCT user_id FROM team_members').pluck().all();
      reader.close();
      expect(owners).toEqual([teamOwnerId(teamId)]);
      expect(sqliteSchemaVersions(file)).toEqual({ exports: 5 });
    } finally {
      await reopened.close();
    }
  });
});

describe('a SQLite file after a team member’s erasure', () => {
  it('holds no byte of their id or name, while the team keeps the facts of their cull on its ground', async () => {
    const file = join(directory, 'erased-member.db');
    const uid = `uid-${randomUUID()}`;
    const name = `Zebedee ${randomUUID().slice(0, 8)}`;
    const teamId = randomUUID();
    const store = openSqliteExportStore({ file });
    const log = createSampleEventLog();
    const ground = log.groundCreated(teamOwnerId(teamId), 'Team Wood');
    const own = log.groundCreated(uid, 'Own Hill');
    log.memberLinked(uid, teamId, 'member-z', name);
    log.memberJoined(teamId, 'member-z');
    const onTeamGround: KeptSource[] = [];
    for (let index = 0; index < 50; index++) {
      const recorded = log.recorded(uid, {
        date: '2026-05-02',
        carcass_tag: `Z-${index}`,
        shooter: name,
        notes: `${name} shot this`,
        inspection: {
          examined_by: name,
          certificate_number: 'DSC1-1',
          abnormal_behaviour: false,
          abnormalities: [],
          contamination_suspected: false,
        },
      });
      log.placed(uid, recorded.streamId, index % 2 === 0 ? ground.streamId : own.streamId);
      if (index % 2 === 0)
        onTeamGround.push({ recorded, groundId: ground.streamId, groundName: 'Team Wood' });
    }
    // As the records service erases them: the team keeps the facts of their culls on its ground, then theirs go.
    teamKeeps(log, teamId, 'member-z', onTeamGround);
    await store.applyBatch(log.events);
    await store.declaration(uid, 'key', { recordIds: ['x'], dealer: 'Vale', now: new Date() });
    await store.eraseUser(uid);
    try {
      expect(await store.teamLarder({ teamId }, seasonOfKey(seasonKeyOf('2026/27')))).toHaveLength(25);
    } finally {
      await store.close();
    }
    for (const path of [file, `${file}-wal`].filter((path) => existsSync(path))) {
      const bytes = readFileSync(path);
      expect(bytes.includes(uid), path).toBe(false);
      expect(bytes.includes(name), path).toBe(false);
    }
  });
});

describe('a SQLite file from before the Outing column (schema version 3)', () => {
  it('gains the records’ outings and the outings’ starts when opened, and names outings from then on', async () => {
    const file = join(directory, 'before-outings.db');
    const store = openSqliteExportStore({ file });
    const log = createSampleEventLog();
    const before = log.recorded('alice', { notes: 'before' });
    await store.applyBatch([before]);
    await store.close();
    const old = new Database(file);
    old.exec(`
      DROP TABLE outings; ALTER TABLE culls DROP COLUMN outing_id;
      DELETE FROM schema_migrations WHERE version >= 4;
    `);
    old.close();

    const reopened = openSqliteExportStore({ file });
    try {
      expect(sqliteSchemaVersions(file)).toEqual({ exports: 5 });
      const ground = log.groundCreated('alice', 'Home Farm');
      const outing = log.outingStarted('alice', ground.streamId, '2026-01-10T07:15:00.000Z');
      const after = log.recorded('alice', { notes: 'after' });
      await reopened.applyBatch([
        ground,
        outing,
        after,
        log.placed('alice', after.streamId, ground.streamId, outing.streamId),
      ]);
      const lines = [];
      for await (const line of reopened.rows('alice', {})) lines.push([line.id, line.outingStartedAt]);
      expect(lines).toEqual([
        [after.streamId, '2026-01-10T07:15:00.000Z'],
        [before.streamId, null],
      ]);
    } finally {
      await reopened.close();
    }
  });
});

describe('a SQLite file from before the partial indexes by ground (schema version 4)', () => {
  it('indexes by ground only the rows on a ground, and a team still reads its larder through the index', async () => {
    const file = join(directory, 'before-partial-indexes.db');
    await openSqliteExportStore({ file }).close();
    const old = new Database(file);
    old.exec(`
      DROP INDEX larder_by_ground_date; DROP INDEX culls_by_ground_created;
      CREATE INDEX larder_by_ground_date ON larder (ground_id, date, time, stream_id, user_id, destination, fields);
      CREATE INDEX culls_by_ground_created ON culls (ground_id, created_at DESC, stream_id DESC);
      DELETE FROM schema_migrations WHERE version >= 5;
    `);
    old.close();

    await openSqliteExportStore({ file }).close();
    expect(sqliteSchemaVersions(file)).toEqual({ exports: 5 });
    const db = new Database(file, { readonly: true });
    try {
      const indexSql = db
        .prepare<[], string>(
          "SELECT sql FROM sqlite_master WHERE name IN ('larder_by_ground_date', 'culls_by_ground_created')",
        )
        .pluck()
        .all();
      expect(indexSql).toHaveLength(2);
      for (const sql of indexSql) expect(sql).toMatch(/WHERE ground_id IS NOT NULL$/);
      const plan = db
        .prepare<[string, string, string], { detail: string }>(
          `EXPLAIN QUERY PLAN SELECT larder.fields FROM ground_names
           JOIN larder ON larder.ground_id = ground_names.stream_id
           WHERE ground_names.user_id = ? AND larder.date BETWEEN ? AND ?`,
        )
        .all('team-1', '2026-04-01', '2027-03-31')
        .map((row) => row.detail);
      expect(plan.join(' | ')).toContain('USING COVERING INDEX larder_by_ground_date (ground_id=?');
    } finally {
      db.close();
    }
  });
});
