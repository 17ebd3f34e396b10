import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
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

  it('has run each step of its schema once: its version is 2 and step 1’s repairs do not run again', async () => {
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
    expect(sqliteSchemaVersions(file)).toEqual({ stats: 2 });
  });
});
