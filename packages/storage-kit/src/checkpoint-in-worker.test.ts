import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkpointInWorker } from './checkpoint-in-worker';

const folders: string[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A file in WAL whose own connection never copies its log into it. */
function fileWithoutCheckpoints() {
  const folder = mkdtempSync(join(tmpdir(), 'cull-log-checkpoint-'));
  folders.push(folder);
  const file = join(folder, 'events.sqlite');
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  database.pragma('wal_autocheckpoint = 0');
  database.exec('CREATE TABLE notes (text TEXT NOT NULL)');
  cleanups.push(() => void database.close());
  const write = (text: string) => database.prepare('INSERT INTO notes (text) VALUES (?)').run(text);
  const inFile = (text: string) => readFileSync(file).includes(text);
  return { file, write, inFile };
}

describe('checkpointInWorker', () => {
  it('copies the write-ahead log into the file when asked, on a connection of its own', async () => {
    const { file, write, inFile } = fileWithoutCheckpoints();
    const checkpoints = checkpointInWorker(file);
    cleanups.push(() => checkpoints.close());

    write('first note');
    expect(inFile('first note')).toBe(false);
    checkpoints.request();

    await vi.waitFor(() => expect(inFile('first note')).toBe(true), { timeout: 10_000 });
  }, 15_000);

  it('a request soon after the last checkpoint is served once the interval has passed, and closing ends the worker', async () => {
    const { file, write, inFile } = fileWithoutCheckpoints();
    const checkpoints = checkpointInWorker(file, { minIntervalMs: 50 });

    write('first note');
    checkpoints.request();
    await vi.waitFor(() => expect(inFile('first note')).toBe(true), { timeout: 10_000 });
    write('second note');
    checkpoints.request();
    checkpoints.request();

    await vi.waitFor(() => expect(inFile('second note')).toBe(true), { timeout: 10_000 });
    await checkpoints.close();
    write('third note');
    checkpoints.request();
    await new Promise((done) => setTimeout(done, 100));
    expect(inFile('third note')).toBe(false);
  }, 25_000);
});
