import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rebuildAfterErasure } from './write-ahead-log';

const directory = mkdtempSync(join(tmpdir(), 'cull-log-wal-'));
afterEach(() => vi.useRealTimers());

/** A file whose rows were written in an order that splits pages, then one person's deleted with secure_delete. */
function fileWithErasedRows(name: string) {
  const file = join(directory, name);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('secure_delete = ON');
  db.exec('CREATE TABLE rows (id TEXT PRIMARY KEY, owner TEXT NOT NULL, body TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO rows VALUES (?, ?, ?)');
  for (let index = 0; index < 400; index++) {
    const owner = index % 2 === 0 ? 'erased-person-7f3a' : 'someone-else';
    insert.run(
      `${(index * 7919) % 1000}-${index}`,
      owner,
      `${owner} wrote this, row ${index}`.padEnd(120, '.'),
    );
  }
  db.prepare('DELETE FROM rows WHERE owner = ?').run('erased-person-7f3a');
  return { file, db };
}

const pages = (db: Database.Database) => db.pragma('page_count', { simple: true }) as number;

describe('rebuildAfterErasure', () => {
  it('rebuilds the file without the erased rows and empties its log', () => {
    const { file, db } = fileWithErasedRows('rebuilt.db');
    const before = pages(db);
    expect(rebuildAfterErasure(db)).toBe(true);
    // The file was written afresh from the rows that are left: half of them, in fewer pages.
    expect(pages(db)).toBeLessThan(before);
    db.close();
    expect(readFileSync(file).includes('erased-person-7f3a')).toBe(false);
    expect(existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0).toBe(0);
    rmSync(file, { force: true });
  });

  it('rebuilds the file beside a reader on another connection (a CSV export streaming), and empties the log after it', () => {
    vi.useFakeTimers();
    const { file, db } = fileWithErasedRows('held.db');
    const before = pages(db);
    const exporter = new Database(file);
    const reading = exporter.prepare('SELECT * FROM rows').iterate();
    reading.next();
    // The rebuild goes through the log beside the reader; the log's truncation waits for the reader to finish.
    expect(rebuildAfterErasure(db, { retryMs: 10, retries: 5 })).toBe(false);
    expect(pages(db)).toBeLessThan(before);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    reading.return?.();
    exporter.close();
    vi.advanceTimersByTime(100);
    expect(statSync(`${file}-wal`).size).toBe(0);
    db.close();
    expect(readFileSync(file).includes('erased-person-7f3a')).toBe(false);
    rmSync(file, { force: true });
  });
});
