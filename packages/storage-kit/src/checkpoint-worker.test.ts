import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startCheckpointWorker } from './checkpoint-worker';

const directory = mkdtempSync(join(tmpdir(), 'cull-log-checkpoint-worker-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The rows the file itself holds, its write-ahead log left out (a copy of the file alone). */
function rowsInTheFileAlone(file: string, copy: string): number {
  copyFileSync(file, copy);
  const database = new Database(copy, { readonly: true });
  try {
    return (database.prepare('SELECT COUNT(*) AS count FROM rows').get() as { count: number }).count;
  } finally {
    database.close();
  }
}

describe('the checkpoint thread', () => {
  it('copies what the write-ahead log holds into the file, while the connection that wrote it copies nothing', async () => {
    const file = join(directory, 'copied.db');
    const database = new Database(file);
    database.pragma('journal_mode = WAL');
    database.pragma('wal_autocheckpoint = 0');
    database.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    database.pragma('wal_checkpoint(TRUNCATE)');
    const insert = database.prepare('INSERT INTO rows (text) VALUES (?)');
    database.transaction(() => {
      for (let index = 0; index < 2000; index++) insert.run(`row ${index}`);
    })();
    expect(rowsInTheFileAlone(file, join(directory, 'before.db'))).toBe(0);

    const worker = startCheckpointWorker(file);
    expect(await worker.checkpoint()).toBe(true);
    expect(rowsInTheFileAlone(file, join(directory, 'after.db'))).toBe(2000);

    await worker.close();
    await expect(worker.checkpoint()).rejects.toThrow();
    database.close();
  });

  it('answers that it could not copy all of the log while a reader on another connection holds part of it', async () => {
    const file = join(directory, 'held.db');
    const database = new Database(file);
    database.pragma('journal_mode = WAL');
    database.pragma('wal_autocheckpoint = 0');
    database.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    database.prepare('INSERT INTO rows (text) VALUES (?)').run('read');
    const reader = new Database(file, { readonly: true });
    const reading = reader.prepare('SELECT id FROM rows').iterate();
    reading.next();
    database.prepare('INSERT INTO rows (text) VALUES (?)').run('written after the read began');

    const worker = startCheckpointWorker(file);
    expect(await worker.checkpoint()).toBe(false);
    reading.return?.();
    expect(await worker.checkpoint()).toBe(true);
    await worker.close();
    reader.close();
    database.close();
  });
});
