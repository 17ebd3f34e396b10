import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateSqlite, SchemaTooNewError, type SqliteMigration } from './migrations';

const NOTES: readonly SqliteMigration[] = [
  {
    version: 1,
    does: 'notes table',
    up: (db) => db.exec('CREATE TABLE IF NOT EXISTS notes (id TEXT PRIMARY KEY, body TEXT NOT NULL)'),
  },
  {
    version: 2,
    does: 'notes have an author',
    up: (db) => db.exec("ALTER TABLE notes ADD COLUMN author TEXT NOT NULL DEFAULT ''"),
  },
];

const columns = (db: Database.Database, table: string) =>
  db
    .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
    .all()
    .map((column) => column.name);

describe('migrateSqlite', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const file = () => {
    const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
    folders.push(folder);
    return join(folder, 'store.db');
  };

  it('runs every step on a new file and none the next time it opens', () => {
    const path = file();
    const first = new Database(path);
    expect(migrateSqlite(first, 'notes', NOTES)).toBe(2);
    first.close();
    // Step 2 is not idempotent (a second ALTER fails), so running it again would throw.
    const again = new Database(path);
    expect(migrateSqlite(again, 'notes', NOTES)).toBe(2);
    expect(columns(again, 'notes')).toEqual(['id', 'body', 'author']);
    again.close();
  });

  it('runs only the steps written since a file was last opened', () => {
    const db = new Database(file());
    expect(migrateSqlite(db, 'notes', NOTES.slice(0, 1))).toBe(1);
    db.prepare("INSERT INTO notes (id, body) VALUES ('a', 'kept')").run();
    expect(migrateSqlite(db, 'notes', NOTES)).toBe(2);
    expect(db.prepare('SELECT id, body, author FROM notes').all()).toEqual([
      { id: 'a', body: 'kept', author: '' },
    ]);
    db.close();
  });

  it('keeps each store of a shared file at its own version', () => {
    const db = new Database(file());
    migrateSqlite(db, 'notes', NOTES);
    const tags: SqliteMigration[] = [
      { version: 1, does: 'tags table', up: (d) => d.exec('CREATE TABLE tags (name TEXT PRIMARY KEY)') },
    ];
    expect(migrateSqlite(db, 'tags', tags)).toBe(1);
    expect(db.prepare('SELECT store, version FROM schema_migrations ORDER BY store').all()).toEqual([
      { store: 'notes', version: 2 },
      { store: 'tags', version: 1 },
    ]);
    db.close();
  });

  it('leaves a step that fails undone and unrecorded, and the steps before it kept', () => {
    const db = new Database(file());
    const failing: SqliteMigration = {
      version: 3,
      does: 'half a change',
      up: (d) => {
        d.exec('CREATE TABLE half (id TEXT)');
        throw new Error('disk full');
      },
    };
    expect(() => migrateSqlite(db, 'notes', [...NOTES, failing])).toThrow('disk full');
    expect(migrateSqlite(db, 'notes', NOTES)).toBe(2);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    db.close();
  });

  it('refuses a file written by a newer build, changing nothing', () => {
    const db = new Database(file());
    migrateSqlite(db, 'notes', NOTES);
    expect(() => migrateSqlite(db, 'notes', NOTES.slice(0, 1))).toThrow(SchemaTooNewError);
    expect(() => migrateSqlite(db, 'notes', NOTES.slice(0, 1))).toThrow(
      'The notes store is at schema version 2, newer than the 1 this build knows',
    );
    db.close();
  });

  it('refuses a list whose numbers skip or repeat', () => {
    const db = new Database(':memory:');
    expect(() => migrateSqlite(db, 'notes', [NOTES[1]!])).toThrow('numbered 1, 2, 3');
    expect(() => migrateSqlite(db, 'notes', [NOTES[0]!, NOTES[0]!])).toThrow('found 1 at place 2');
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'notes'").get()).toBeUndefined();
    db.close();
  });
});
