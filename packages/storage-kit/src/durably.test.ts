import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { durably } from './durably';

const FULL = 2;
const NORMAL = 1;
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function normalConnection() {
  const folder = mkdtempSync(join(tmpdir(), 'cull-log-durably-'));
  folders.push(folder);
  const db = new BetterSqlite3(join(folder, 'file.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE notes (text TEXT NOT NULL)');
  return db;
}

describe('durably', () => {
  it('commits its work with synchronous FULL and puts NORMAL back', () => {
    const db = normalConnection();
    const insert = db.transaction(() => {
      db.prepare('INSERT INTO notes (text) VALUES (?)').run('kept');
      return db.pragma('synchronous', { simple: true });
    });
    expect(durably(db, () => insert.immediate())).toBe(FULL);
    expect(db.pragma('synchronous', { simple: true })).toBe(NORMAL);
    expect(db.prepare('SELECT text FROM notes').pluck().all()).toEqual(['kept']);
    db.close();
  });

  it('puts the setting back when the work throws', () => {
    const db = normalConnection();
    expect(() =>
      durably(db, () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(db.pragma('synchronous', { simple: true })).toBe(NORMAL);
    db.close();
  });
});
