import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError, VersionConflictError } from './event-store';
import { openSqliteEventStore, type SqliteEventStore } from './sqlite-event-store';
import { eventStoreContract } from './testing/event-store-contract';
import { cullRecordedEvent } from './testing/sample-events';

function temporaryFolder(): string {
  return mkdtempSync(join(tmpdir(), 'cull-log-eventstore-'));
}

eventStoreContract('SQLite event store', async () => {
  const folder = temporaryFolder();
  const file = join(folder, 'events.sqlite');
  return {
    open: async () => openSqliteEventStore({ file }),
    writeMarkers: (database, markers) => {
      database.exec('CREATE TABLE IF NOT EXISTS markers (marker TEXT NOT NULL)');
      const insert = database.prepare('INSERT INTO markers (marker) VALUES (?)');
      for (const marker of markers) insert.run(marker);
    },
    readMarkers: async () => {
      const reader = new BetterSqlite3(file, { readonly: true });
      try {
        const table = reader
          .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'markers'")
          .get();
        if (!table) return [];
        return reader
          .prepare<[], { marker: string }>('SELECT marker FROM markers')
          .all()
          .map((row) => row.marker);
      } finally {
        reader.close();
      }
    },
    remove: async () => rmSync(folder, { recursive: true, force: true }),
  };
});

describe('SQLite event store', () => {
  const folders: string[] = [];
  const stores: SqliteEventStore[] = [];

  const openInTemporaryFolder = (name = 'events.sqlite', busyTimeoutMs?: number) => {
    const folder = temporaryFolder();
    folders.push(folder);
    const file = join(folder, name);
    const store = openSqliteEventStore({ file, ...(busyTimeoutMs === undefined ? {} : { busyTimeoutMs }) });
    stores.push(store);
    return { file, store };
  };

  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('creates the folder of its file when it does not exist yet', async () => {
    const { store } = openInTemporaryFolder(join('data', 'nested', 'events.sqlite'));
    const cullId = randomUUID();

    await store.append(cullId, 0, [cullRecordedEvent(cullId)]);

    expect(await store.headPosition()).toBe(1);
  });

  it('keeps its journal in WAL mode and syncs every commit fully', () => {
    const { store } = openInTemporaryFolder();

    expect(store.database.pragma('journal_mode', { simple: true })).toBe('wal');
    // 2 is FULL: the WAL is synced at every commit, so an acknowledged append survives a power cut.
    expect(store.database.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('refuses inTransaction work that returns a promise, writing nothing', async () => {
    const { store } = openInTemporaryFolder();
    const cullId = randomUUID();

    const append = store.append(cullId, 0, [cullRecordedEvent(cullId)], async () => undefined);

    await expect(append).rejects.toThrow(/synchronously/);
    expect(await store.headPosition()).toBe(0);
  });

  it("a constraint failure in the caller's own table reaches the caller as it is, not as a version conflict", async () => {
    const { store } = openInTemporaryFolder();
    store.database.exec('CREATE TABLE culls (id TEXT PRIMARY KEY)');
    store.database.prepare('INSERT INTO culls (id) VALUES (?)').run('taken');
    const cullId = randomUUID();

    const append = store.append(cullId, 0, [cullRecordedEvent(cullId)], (database) => {
      database.prepare('INSERT INTO culls (id) VALUES (?)').run('taken');
    });

    const failure = await append.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BetterSqlite3.SqliteError);
    expect(failure).not.toBeInstanceOf(VersionConflictError);
    expect(await store.headPosition()).toBe(0);
  });

  it('reports a stored event of a type this code cannot read when it is read', async () => {
    const { store } = openInTemporaryFolder();
    const cullId = randomUUID();
    await store.append(cullId, 0, [cullRecordedEvent(cullId)]);
    store.database.prepare("UPDATE events SET type = 'cull.recorded.v2'").run();

    await expect(store.readStream(cullId)).rejects.toThrow(/position 1 does not match the event contract/);
    await expect(store.readAll(0, 10)).rejects.toThrow(/event contract/);
  });

  it('answers StoreUnavailableError when another writer holds the file longer than the busy timeout', async () => {
    const { file, store } = openInTemporaryFolder('events.sqlite', 20);
    const otherWriter = new BetterSqlite3(file);
    otherWriter.exec('BEGIN IMMEDIATE');
    const cullId = randomUUID();

    try {
      const append = store.append(cullId, 0, [cullRecordedEvent(cullId)]);
      await expect(append).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      otherWriter.exec('ROLLBACK');
      otherWriter.close();
    }
    expect(await store.append(cullId, 0, [cullRecordedEvent(cullId)])).toEqual({ version: 1, position: 1 });
  });

  it('a second handle sees appends made through the first at once', async () => {
    const { file, store } = openInTemporaryFolder();
    const second = openSqliteEventStore({ file });
    stores.push(second);
    const cullId = randomUUID();

    await store.append(cullId, 0, [cullRecordedEvent(cullId)]);

    expect(await second.headPosition()).toBe(1);
    await expect(second.append(cullId, 0, [cullRecordedEvent(cullId)])).rejects.toBeInstanceOf(
      VersionConflictError,
    );
  });
});
