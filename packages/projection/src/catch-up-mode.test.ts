import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { setTimeout as sleep } from 'node:timers/promises';
import { CATCH_UP_BATCH_SIZE, CATCH_UP_CACHE_KIB, catchUpMode } from './catch-up-mode';
import { openSqliteProjection } from './sqlite-projection';

const directory = mkdtempSync(join(tmpdir(), 'cull-log-catch-up-mode-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The marks the projection's file itself holds, its write-ahead log left out (a copy of the file alone). */
function marksInTheFileAlone(file: string): number {
  const copy = `${file}.alone`;
  copyFileSync(file, copy);
  const database = new Database(copy, { readonly: true });
  try {
    return database.prepare<[], number>('SELECT COUNT(*) FROM marks').pluck().get() ?? 0;
  } finally {
    database.close();
  }
}

describe('a projection far behind the log', () => {
  it('applies long batches with a large cache, each copied into the file by another thread before it is answered; short batches as usual', async () => {
    const file = join(directory, 'catching-up.db');
    const projection = openSqliteProjection({
      file,
      name: 'catching-up',
      migrations: [
        {
          version: 1,
          does: 'the marks',
          up: (db) => db.exec('CREATE TABLE marks (event_id TEXT PRIMARY KEY)'),
        },
      ],
      readModelTables: ['marks'],
    });
    const { db } = projection;
    const settings = () => ({
      cacheSize: db.pragma('cache_size', { simple: true }),
      autoCheckpoint: db.pragma('wal_autocheckpoint', { simple: true }),
    });
    const usual = settings();
    const seenByWrites: ReturnType<typeof settings>[] = [];
    const insert = db.prepare('INSERT INTO marks (event_id) VALUES (?)');
    const store = projection.projectionStore((events) => {
      seenByWrites.push(settings());
      for (const event of events) insert.run(event.id);
    });
    const log = createSampleEventLog();
    const batch = (size: number) => Array.from({ length: size }, () => log.recorded('alice'));

    for (let index = 1; index <= 3; index++) {
      await store.applyBatch(batch(CATCH_UP_BATCH_SIZE));
      // Answered (so acknowledged) once copied into the file and synced, as when the commit checkpointed.
      expect(marksInTheFileAlone(file)).toBe(index * CATCH_UP_BATCH_SIZE);
    }
    expect(seenByWrites).toEqual(Array(3).fill({ cacheSize: -CATCH_UP_CACHE_KIB, autoCheckpoint: 0 }));

    await store.applyBatch(batch(1));
    expect(seenByWrites.at(-1)).toEqual(usual);
    expect(settings()).toEqual(usual);
    expect(usual.cacheSize).not.toBe(-CATCH_UP_CACHE_KIB);
    expect(await store.position()).toBe(3 * CATCH_UP_BATCH_SIZE + 1);
    await store.close();
  });

  it('closes while a long batch is being copied, and opens again with every batch kept', async () => {
    const file = join(directory, 'closed-while-copying.db');
    const open = () =>
      openSqliteProjection({ file, name: 'closing', migrations: [], readModelTables: [] }).projectionStore(
        () => undefined,
      );
    const log = createSampleEventLog();
    const first = open();
    await first.applyBatch(Array.from({ length: CATCH_UP_BATCH_SIZE }, () => log.recorded('alice')));
    await first.close();
    const second = open();
    expect(await second.position()).toBe(CATCH_UP_BATCH_SIZE);
    await second.close();
  });

  it('is left once no batch has followed a long one for a while: the log ended on a long batch', async () => {
    const file = join(directory, 'ended-on-a-long-batch.db');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE marks (event_id TEXT PRIMARY KEY)');
    const usual = [
      db.pragma('cache_size', { simple: true }),
      db.pragma('wal_autocheckpoint', { simple: true }),
    ];
    const mode = catchUpMode(db, file, 20);
    await mode.before(CATCH_UP_BATCH_SIZE);
    const insert = db.prepare('INSERT INTO marks (event_id) VALUES (?)');
    db.transaction(() => {
      for (let index = 0; index < CATCH_UP_BATCH_SIZE; index++) insert.run(`event ${index}`);
    })();
    mode.afterCommit();
    expect(db.pragma('cache_size', { simple: true })).toBe(-CATCH_UP_CACHE_KIB);

    for (
      let waited = 0;
      waited < 5000 && db.pragma('cache_size', { simple: true }) !== usual[0];
      waited += 20
    )
      await sleep(20);
    expect([
      db.pragma('cache_size', { simple: true }),
      db.pragma('wal_autocheckpoint', { simple: true }),
    ]).toEqual(usual);
    expect(marksInTheFileAlone(file)).toBe(CATCH_UP_BATCH_SIZE);
    await mode.close();
    db.close();
  });
});
