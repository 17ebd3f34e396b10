import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { seasonMonths, seasonOfKey } from '@cull-log/domain';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { sqliteSchemaVersions } from '@cull-log/storage-kit/testing';
import {
  KEPT_BEFORE_COUNTERS_FIGURES,
  KEPT_BEFORE_COUNTERS_WINDOW,
} from '../../testing/kept-before-counters';
import { statsStoreContract } from '../../testing/stats-store-contract';
import { openSqliteStatsStore } from './index';

const directory = mkdtempSync(join(tmpdir(), 'cull-log-stats-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

statsStoreContract('SQLite', async () => openSqliteStatsStore({ file: join(directory, 'stats.db') }));

describe('SQLite stats file written before the counters', () => {
  it('counts the culls it already holds once, on first open', async () => {
    const file = join(directory, 'facts-only.db');
    const before = new Database(file);
    before.exec(`
      CREATE TABLE culls (stream_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, species TEXT NOT NULL,
        sex TEXT NOT NULL, date TEXT NOT NULL, weight_grams INTEGER) WITHOUT ROWID;
      CREATE INDEX culls_by_user_date ON culls (user_id, date);
      INSERT INTO culls VALUES ('a', 'alice', 'Fox', 'Male', '2026-05-02', 7250),
        ('b', 'alice', 'Fox', 'Female', '2026-04-30', NULL), ('c', 'bob', 'Muntjac', 'Male', '2026-05-03', 12000);
    `);
    before.close();
    const window = KEPT_BEFORE_COUNTERS_WINDOW;
    const expected = KEPT_BEFORE_COUNTERS_FIGURES;

    const first = openSqliteStatsStore({ file });
    expect(await first.aggregates(window)).toEqual(expected);
    await first.close();
    const second = openSqliteStatsStore({ file });
    expect(await second.aggregates(window)).toEqual(expected);
    await second.close();
  });
});

describe('SQLite stats file opened again', () => {
  const file = join(directory, 'opened-twice.db');

  it('has run each step of its schema once: its version is 3 and step 1’s repairs do not run again', async () => {
    await openSqliteStatsStore({ file }).close();
    // Step 1 counts the culls of a file that has no counters: run at every open, it would count this one.
    const between = new Database(file);
    between.exec(`INSERT INTO culls (stream_id, user_id, species, sex, date, weight_grams)
      VALUES ('a', 'alice', 'Fox', 'Male', '2026-05-02', 7250)`);
    between.close();

    const second = openSqliteStatsStore({ file });
    const figures = await second.aggregates(KEPT_BEFORE_COUNTERS_WINDOW);
    await second.close();
    expect(figures).toMatchObject({ total: 0, perMonth: {} });
    expect(sqliteSchemaVersions(file)).toEqual({ stats: 3 });
  });
});

describe('SQLite stats file from before a weight of 0 stopped counting as weighed', () => {
  it('counts its weights again on first open, so that 0 kg leaves the averages, and the rest stays', async () => {
    const file = join(directory, 'weighed-zero.db');
    const store = openSqliteStatsStore({ file });
    const log = createSampleEventLog();
    await store.applyBatch([
      log.recorded('alice', { date: '2026-05-02', weight: 0 }),
      log.recorded('alice', { date: '2026-05-03', weight: 20 }),
    ]);
    await store.close();
    // As step 2 left it: the 0 kg cull counted as weighed in the totals and its class.
    const before = new Database(file);
    before.exec(`UPDATE user_totals SET weighed = 2; UPDATE class_months SET weighed = 2;
      UPDATE schema_migrations SET version = 2 WHERE store = 'stats'`);
    before.close();

    const reopened = openSqliteStatsStore({ file });
    expect(await reopened.aggregates(KEPT_BEFORE_COUNTERS_WINDOW)).toMatchObject({
      total: 2,
      weighed: 1,
      weightGrams: 20_000,
    });
    const season = await reopened.season('alice', {
      key: '2026-27',
      months: seasonMonths(seasonOfKey('2026-27')),
    });
    expect(season.counts).toMatchObject([{ count: 2, weighed: 1, weightGrams: 20_000 }]);
    await reopened.close();
    expect(sqliteSchemaVersions(file)).toEqual({ stats: 3 });
  });
});

describe('SQLite stats file after a team member erases their account', () => {
  it("holds the team's figures and not a byte of the member's id or name", async () => {
    const file = join(directory, 'team-erasure.db');
    const store = openSqliteStatsStore({ file });
    const teamId = '3c1f6f4e-8d1a-4b7e-9f00-5a2b7c9d0e11';
    const [uid, name] = ['user-erased-5e1f', 'Nell Erased-5e1f'];
    const log = createSampleEventLog();
    log.teamCreated(teamId, 'Glen Syndicate', 'mem-keeper');
    log.memberLinked(uid, teamId, 'mem-nell', name);
    const ground = log.groundCreated(`team-${teamId}`, 'North Beat');
    const cull = log.recorded(uid, { date: '2026-11-03', weight: 14 });
    log.placed(uid, cull.streamId, ground.streamId);
    await store.applyBatch(log.events);
    const season = { key: '2026-27', months: seasonMonths(seasonOfKey('2026-27')) };
    const before = await store.teamSeason(teamId, season);

    // As the records service erases her: the team keeps the facts of her cull on its ground, then hers go.
    const { date, time, species, sex, age_estimate, condition, shot_placement, antlers_present, weight } =
      cull.data;
    const kept = log.cullsKept(teamId, 'mem-nell', [
      {
        id: 'kept-by-the-team-1',
        ground_id: ground.streamId,
        location_name: 'North Beat',
        ...{ date, time, species, sex, age_estimate, condition, shot_placement, antlers_present, weight },
        recorded_at: cull.occurredAt,
      },
    ]);
    await store.applyBatch([kept]);
    await store.eraseUser(uid);

    expect(await store.teamSeason(teamId, season)).toEqual({ ...before, links: [] });
    expect((await store.season(`team-${teamId}`, season)).counts).toHaveLength(1);
    await store.close();
    for (const path of [file, `${file}-wal`].filter((candidate) => existsSync(candidate))) {
      const bytes = readFileSync(path);
      for (const trace of [uid, name]) expect(bytes.includes(trace), `${trace} in ${path}`).toBe(false);
    }
  });
});

describe('SQLite stats figures read again', () => {
  it('are read afresh once another connection has committed to the file, and no reader can change them', async () => {
    const file = join(directory, 'read-again.db');
    const store = openSqliteStatsStore({ file });
    const log = createSampleEventLog();
    await store.applyBatch([log.recorded('alice', { date: '2026-05-02', weight: 20 })]);
    const first = await store.aggregates(KEPT_BEFORE_COUNTERS_WINDOW);
    expect(first).toMatchObject({ total: 1, speciesCounts: { 'Roe Deer': 1 } });
    expect(() => {
      (first.speciesCounts as Record<string, number>)['Roe Deer'] = 7;
    }).toThrow(TypeError);

    // As a rebuild on another thread, or another process on the same file, would.
    const other = new Database(file);
    other.exec("UPDATE user_totals SET total = 5 WHERE user_id = 'alice'");
    other.close();

    expect(await store.aggregates(KEPT_BEFORE_COUNTERS_WINDOW)).toMatchObject({
      total: 5,
      speciesCounts: { 'Roe Deer': 1 },
    });
    await store.close();
  });
});
