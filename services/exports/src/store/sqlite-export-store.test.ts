import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { exportStoreContract } from '../testing/export-store-contract';
import { openSqliteExportStore } from './sqlite-export-store';

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
    // As the file was before: export rows, no larder.
    const old = new Database(file);
    old.exec('DROP TABLE larder; DROP TABLE larder_seasons;');
    old.close();

    const reopened = openSqliteExportStore({ file });
    try {
      expect(await reopened.larder('alice', '2026/27')).toEqual([
        { id: kept.streamId, fields: expect.objectContaining({ carcass_tag: 'T-1' }) },
      ]);
      expect(await reopened.larderSeasons('bob')).toEqual([{ label: '2025/26', carcasses: 1 }]);
      await reopened.apply(log.recorded('alice', { date: '2026-06-01' }));
      expect(await reopened.larderSeasons('alice')).toEqual([{ label: '2026/27', carcasses: 2 }]);
    } finally {
      await reopened.close();
    }
  });
});
