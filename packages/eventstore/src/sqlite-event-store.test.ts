import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreUnavailableError } from '@cull-log/storage-kit';
import { VersionConflictError } from './event-store';
import { openSqliteEventStore, type SqliteEventStore } from './sqlite-event-store';
import { eventStoreContract } from './testing/event-store-contract';
import { parseCullEvent, type LogEvent } from '@cull-log/contracts';
import { EVENT_LOG_V1, eventLogV1Events } from '@cull-log/contracts/testing';
import { cullAmendedEvent, cullRecordedEvent } from './testing/sample-events';

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

  it('an erasure while another connection reads answers at once, and the write-ahead log is emptied once the read ends', async () => {
    const { file, store } = openInTemporaryFolder();
    const erasedUser = 'erased-user-3b9d';
    for (let index = 0; index < 20; index++) {
      const mine = randomUUID();
      await store.append(mine, 0, [cullRecordedEvent(mine, erasedUser)]);
    }
    const reader = new BetterSqlite3(file, { readonly: true });
    const rows = reader.prepare('SELECT id FROM events').iterate();
    rows.next();

    await store.eraseUser(erasedUser);

    expect(readFileSync(`${file}-wal`).includes(erasedUser)).toBe(true);
    rows.return?.();
    reader.close();
    await vi.waitFor(() => expect(statSync(`${file}-wal`).size).toBe(0), { timeout: 5_000, interval: 100 });
    expect(readFileSync(file).includes(erasedUser)).toBe(false);
  });

  it("an erased user's id and records are left nowhere in the file or its write-ahead log, while another's stay", async () => {
    const { file, store } = openInTemporaryFolder();
    const erasedUser = 'erased-user-7c1f';
    const keptUser = 'kept-user-92ab';
    for (let index = 0; index < 50; index++) {
      const mine = randomUUID();
      await store.append(mine, 0, [cullRecordedEvent(mine, erasedUser)]);
      await store.append(mine, 1, [cullAmendedEvent(mine, 2, erasedUser)]);
      const theirs = randomUUID();
      await store.append(theirs, 0, [cullRecordedEvent(theirs, keptUser)]);
    }

    await store.eraseUser(erasedUser);

    const bytes = Buffer.concat(
      [file, `${file}-wal`].filter((path) => existsSync(path)).map((path) => readFileSync(path)),
    );
    expect(bytes.includes(erasedUser)).toBe(false);
    expect(bytes.includes(keptUser)).toBe(true);
    expect(await store.readUser(keptUser, 0, 100)).toHaveLength(50);
  });
  it('a rewritten event leaves nothing of its old payload in the file or its write-ahead log', async () => {
    const { file, store } = openInTemporaryFolder();
    const mine = randomUUID();
    await store.append(mine, 0, [cullRecordedEvent(mine, 'user-a')]);
    const [stored] = await store.readStream(mine);
    const { position: _position, ...event } = stored!;
    const oldPlace = 'Hanging Wood, north ride';
    const bytes = () =>
      Buffer.concat(
        [file, `${file}-wal`].filter((path) => existsSync(path)).map((path) => readFileSync(path)),
      );
    expect(bytes().includes(oldPlace)).toBe(true);

    const data = { ...event.data, location_name: 'Elsewhere entirely' };
    expect(await store.rewriteEvents('user-a', [{ ...event, data } as LogEvent])).toEqual({ events: 1 });

    expect(bytes().includes(oldPlace)).toBe(false);
    expect((await store.readStream(mine))[0]?.data).toMatchObject({ location_name: 'Elsewhere entirely' });
  });

  it('creates the folder of its file when it does not exist yet', async () => {
    const { store } = openInTemporaryFolder(join('data', 'nested', 'events.sqlite'));
    const cullId = randomUUID();

    await store.append(cullId, 0, [cullRecordedEvent(cullId)]);

    expect(await store.headPosition()).toBe(1);
  });

  it('keeps its journal in WAL mode, the COMMIT writing the log and the store syncing it after', () => {
    const { store } = openInTemporaryFolder();

    expect(store.database.pragma('journal_mode', { simple: true })).toBe('wal');
    // 1 is NORMAL: no fsync at COMMIT (the store syncs the log off the event loop); the log still synced at checkpoints.
    expect(store.database.pragma('synchronous', { simple: true })).toBe(1);
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
    store.database.prepare("UPDATE events SET type = 'cull.recorded.v9'").run();

    await expect(store.readStream(cullId)).rejects.toThrow(/position 1 does not match the event contract/);
    await expect(store.readAll(0, 10)).rejects.toThrow(/event contract/);
  });

  it('reads the rows of a log written before v2, exactly as that code wrote them, upcast to v2', async () => {
    const { store } = openInTemporaryFolder();
    const insert = store.database.prepare(
      `INSERT INTO events (position, id, stream_id, version, type, user_id, occurred_at, data, meta)
       VALUES (@position, @id, @stream_id, @version, @type, @user_id, @occurred_at, @data, @meta)`,
    );
    for (const row of EVENT_LOG_V1.events) insert.run(row);

    const events = await store.readAll(0, 100);
    expect(events.map(({ type }) => type)).toEqual(
      EVENT_LOG_V1.events.map(({ type }) => type.replace(/^cull\.(recorded|amended)\.v1$/, 'cull.$1.v2')),
    );
    expect(events).toEqual(
      eventLogV1Events().map(({ position, ...event }) => ({ ...parseCullEvent(event), position })),
    );
    const [first] = EVENT_LOG_V1.events;
    const stream = await store.readStream(first!.stream_id);
    expect(stream[0]).toMatchObject({
      id: first!.id,
      type: 'cull.recorded.v2',
      data: JSON.parse(first!.data),
    });
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

  describe('group commit', () => {
    const countEventsOutside = (file: string): number => {
      const reader = new BetterSqlite3(file, { readonly: true });
      try {
        return (
          reader.prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM events').get()?.count ?? 0
        );
      } finally {
        reader.close();
      }
    };

    it('many concurrent appends to different streams all commit, positioned gap-free in the order they were made', async () => {
      const { store } = openInTemporaryFolder();
      // More than one commit's worth, so the queue carries over into a second batch.
      const streamIds = Array.from({ length: 300 }, () => randomUUID());

      const results = await Promise.all(
        streamIds.map((streamId) => store.append(streamId, 0, [cullRecordedEvent(streamId)])),
      );

      expect(results).toEqual(streamIds.map((_, index) => ({ version: 1, position: index + 1 })));
      const log = await store.readAll(0, 1000);
      expect(log.map((event) => [event.streamId, event.position])).toEqual(
        streamIds.map((streamId, index) => [streamId, index + 1]),
      );
    });

    it('appends made together share one transaction: none is visible to another connection before all are', async () => {
      const { file, store } = openInTemporaryFolder();
      const firstId = randomUUID();
      const secondId = randomUUID();
      let seenByOtherConnection = -1;

      await Promise.all([
        store.append(firstId, 0, [cullRecordedEvent(firstId)]),
        store.append(secondId, 0, [cullRecordedEvent(secondId)], () => {
          seenByOtherConnection = countEventsOutside(file);
        }),
      ]);

      expect(seenByOtherConnection).toBe(0);
      expect(countEventsOutside(file)).toBe(2);
    });

    it('while appends keep arriving, the commit waits a turn of the event loop for them', async () => {
      const { file, store } = openInTemporaryFolder();
      const [first, second, late] = [randomUUID(), randomUUID(), randomUUID()];
      let seenByOtherConnection = -1;

      const together = [
        store.append(first, 0, [cullRecordedEvent(first)]),
        store.append(second, 0, [cullRecordedEvent(second)]),
      ];
      const arrivingNextTurn = new Promise((done) => {
        setImmediate(() => {
          const append = store.append(late, 0, [cullRecordedEvent(late)], () => {
            seenByOtherConnection = countEventsOutside(file);
          });
          done(append);
        });
      });
      await Promise.all([...together, arrivingNextTurn]);

      expect(seenByOtherConnection).toBe(0);
      expect(countEventsOutside(file)).toBe(3);
    });

    it('appends arriving at every turn do not hold a commit back for long', async () => {
      const { store } = openInTemporaryFolder();
      const total = 20;
      let made = 0;
      let madeWhenFirstCommitted = 0;
      const appendOne = (inTransaction?: () => void) => {
        made += 1;
        const streamId = randomUUID();
        return store.append(streamId, 0, [cullRecordedEvent(streamId)], inTransaction);
      };
      // Seen in the first commit's transaction: its acknowledgement waits for the sync as well.
      const appends = [appendOne(() => (madeWhenFirstCommitted = made)), appendOne()];

      await new Promise<void>((done) => {
        const everyTurn = () => {
          appends.push(appendOne());
          if (made < total) setImmediate(everyTurn);
          else done();
        };
        setImmediate(everyTurn);
      });
      const results = await Promise.all(appends);

      expect(madeWhenFirstCommitted).toBeGreaterThan(2);
      expect(madeWhenFirstCommitted).toBeLessThan(total);
      expect(results.map((result) => result.position)).toEqual(
        Array.from({ length: total }, (_, index) => index + 1),
      );
    });

    it('an append is acknowledged only once its commit is done: another connection sees it when the promise resolves', async () => {
      const { file, store } = openInTemporaryFolder();
      const streamIds = [randomUUID(), randomUUID(), randomUUID()];

      const seenOnResolve = await Promise.all(
        streamIds.map((streamId) =>
          store.append(streamId, 0, [cullRecordedEvent(streamId)]).then(() => ({
            inTransaction: store.database.inTransaction,
            committed: countEventsOutside(file),
          })),
        ),
      );

      expect(seenOnResolve).toEqual(streamIds.map(() => ({ inTransaction: false, committed: 3 })));
    });

    it('a batch whose COMMIT fails acknowledges none of its appends and keeps nothing', async () => {
      const { store } = openInTemporaryFolder();
      // A deferred foreign key is checked at COMMIT, so this makes the shared COMMIT itself fail.
      store.database.pragma('foreign_keys = ON');
      store.database.exec(`
        CREATE TABLE owners (id TEXT PRIMARY KEY);
        CREATE TABLE owned (owner TEXT REFERENCES owners (id) DEFERRABLE INITIALLY DEFERRED)`);
      const [first, dangling] = [randomUUID(), randomUUID()];

      const outcomes = await Promise.allSettled([
        store.append(first, 0, [cullRecordedEvent(first)]),
        store.append(dangling, 0, [cullRecordedEvent(dangling)], (database) => {
          database.prepare('INSERT INTO owned (owner) VALUES (?)').run('nobody');
        }),
      ]);

      for (const outcome of outcomes) {
        expect((outcome as PromiseRejectedResult).reason).toMatchObject({
          code: 'SQLITE_CONSTRAINT_FOREIGNKEY',
        });
      }
      expect(store.database.inTransaction).toBe(false);
      expect(await store.headPosition()).toBe(0);
    });

    it('two appends at one version of one stream in the same batch: the first made wins, the second conflicts, the rest commit', async () => {
      const { store } = openInTemporaryFolder();
      const cullId = randomUUID();
      const before = randomUUID();
      const after = randomUUID();
      const winner = cullRecordedEvent(cullId, 'user-a');

      const outcomes = await Promise.allSettled([
        store.append(before, 0, [cullRecordedEvent(before)]),
        store.append(cullId, 0, [winner]),
        store.append(cullId, 0, [cullRecordedEvent(cullId, 'user-b')]),
        store.append(after, 0, [cullRecordedEvent(after)]),
      ]);

      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      const conflict = (outcomes[2] as PromiseRejectedResult).reason as unknown;
      expect(conflict).toBeInstanceOf(VersionConflictError);
      expect(conflict).toMatchObject({ streamId: cullId, expectedVersion: 0 });
      expect((outcomes[3] as PromiseFulfilledResult<unknown>).value).toEqual({ version: 1, position: 3 });
      expect(await store.readStream(cullId)).toEqual([{ ...winner, position: 2 }]);
      expect((await store.readAll(0, 10)).map((event) => event.position)).toEqual([1, 2, 3]);
    });

    it('appends to one stream made together in version order all commit', async () => {
      const { store } = openInTemporaryFolder();
      const cullId = randomUUID();

      const results = await Promise.all([
        store.append(cullId, 0, [cullRecordedEvent(cullId)]),
        store.append(cullId, 1, [cullAmendedEvent(cullId, 2), cullAmendedEvent(cullId, 3)]),
        store.append(cullId, 3, [cullAmendedEvent(cullId, 4)]),
      ]);

      expect(results).toEqual([
        { version: 1, position: 1 },
        { version: 3, position: 3 },
        { version: 4, position: 4 },
      ]);
    });

    it('inTransaction work that throws rejects only its own append, leaving nothing of it; the rest of the batch commits', async () => {
      const { store } = openInTemporaryFolder();
      store.database.exec('CREATE TABLE markers (marker TEXT NOT NULL)');
      const mark = (marker: string) => (database: BetterSqlite3.Database) => {
        database.prepare('INSERT INTO markers (marker) VALUES (?)').run(marker);
      };
      const [first, failing, last] = [randomUUID(), randomUUID(), randomUUID()];
      const failure = new Error('read model rejected the event');

      const outcomes = await Promise.allSettled([
        store.append(first, 0, [cullRecordedEvent(first)], mark('first')),
        store.append(failing, 0, [cullRecordedEvent(failing)], (database) => {
          mark('failing')(database);
          throw failure;
        }),
        store.append(last, 0, [cullRecordedEvent(last)], mark('last')),
      ]);

      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((outcomes[1] as PromiseRejectedResult).reason).toBe(failure);
      expect(await store.readStream(failing)).toEqual([]);
      expect((await store.readAll(0, 10)).map((event) => [event.streamId, event.position])).toEqual([
        [first, 1],
        [last, 2],
      ]);
      const markers = store.database.prepare<[], { marker: string }>('SELECT marker FROM markers').all();
      expect(markers.map((row) => row.marker)).toEqual(['first', 'last']);
    });

    it('an event id used earlier in the same batch rejects only the append that reuses it', async () => {
      const { store } = openInTemporaryFolder();
      const [first, reusing, last] = [randomUUID(), randomUUID(), randomUUID()];
      const recorded = cullRecordedEvent(first);

      const outcomes = await Promise.allSettled([
        store.append(first, 0, [recorded]),
        store.append(reusing, 0, [{ ...cullRecordedEvent(reusing), id: recorded.id }]),
        store.append(last, 0, [cullRecordedEvent(last)]),
      ]);

      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(BetterSqlite3.SqliteError);
      expect((await store.readAll(0, 10)).map((event) => event.streamId)).toEqual([first, last]);
    });

    it('when the write lock cannot be had, every append of the batch answers StoreUnavailableError and nothing is written', async () => {
      const { file, store } = openInTemporaryFolder('events.sqlite', 20);
      const otherWriter = new BetterSqlite3(file);
      otherWriter.exec('BEGIN IMMEDIATE');
      const streamIds = [randomUUID(), randomUUID()];

      try {
        const outcomes = await Promise.allSettled(
          streamIds.map((streamId) => store.append(streamId, 0, [cullRecordedEvent(streamId)])),
        );
        for (const outcome of outcomes) {
          expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(StoreUnavailableError);
        }
      } finally {
        otherWriter.exec('ROLLBACK');
        otherWriter.close();
      }
      expect(await store.headPosition()).toBe(0);
    });

    it('closing commits the appends still waiting before it closes; an append after close answers StoreUnavailableError', async () => {
      const { file, store } = openInTemporaryFolder();
      const streamIds = [randomUUID(), randomUUID()];
      const waiting = streamIds.map((streamId) => store.append(streamId, 0, [cullRecordedEvent(streamId)]));

      await store.close();

      expect(await Promise.all(waiting)).toEqual([
        { version: 1, position: 1 },
        { version: 1, position: 2 },
      ]);
      expect(countEventsOutside(file)).toBe(2);
      const late = randomUUID();
      await expect(store.append(late, 0, [cullRecordedEvent(late)])).rejects.toBeInstanceOf(
        StoreUnavailableError,
      );
    });
  });

  describe('syncing the write-ahead log', () => {
    /** A sync of the log that the test finishes (or fails) by hand. */
    const heldSyncs = () => {
      const calls: { file: string; finish: () => void; fail: (error: Error) => void }[] = [];
      const syncFile = (file: string) =>
        new Promise<void>((finish, fail) => calls.push({ file, finish, fail }));
      return { calls, syncFile };
    };
    const openWithHeldSyncs = () => {
      const folder = temporaryFolder();
      folders.push(folder);
      const file = join(folder, 'events.sqlite');
      const syncs = heldSyncs();
      const store = openSqliteEventStore({ file, syncFile: syncs.syncFile });
      stores.push(store);
      return { file, store, syncs };
    };
    const whetherSettled = (promise: Promise<unknown>) => {
      const state = { settled: false };
      promise.then(
        () => (state.settled = true),
        () => (state.settled = true),
      );
      return state;
    };
    const turns = async (count = 5) => {
      for (let turn = 0; turn < count; turn += 1) await new Promise((done) => setImmediate(done));
    };
    const countEventsOutside = (file: string): number => {
      const reader = new BetterSqlite3(file, { readonly: true });
      try {
        return (
          reader.prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM events').get()?.count ?? 0
        );
      } finally {
        reader.close();
      }
    };

    it('an append is committed at once but acknowledged only once the write-ahead log is synced after its COMMIT', async () => {
      const { file, store, syncs } = openWithHeldSyncs();
      const cullId = randomUUID();

      const append = store.append(cullId, 0, [cullRecordedEvent(cullId)]);
      const appended = whetherSettled(append);
      await turns();

      expect(countEventsOutside(file)).toBe(1);
      expect(syncs.calls.map((call) => call.file)).toEqual([`${file}-wal`]);
      expect(appended.settled).toBe(false);
      syncs.calls[0]?.finish();
      expect(await append).toEqual({ version: 1, position: 1 });
    });

    it('the next batch commits while the last sync runs, and every append committed meanwhile shares the next sync', async () => {
      const { file, store, syncs } = openWithHeldSyncs();
      const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];

      const firstAppend = store.append(first, 0, [cullRecordedEvent(first)]);
      await turns();
      const later = [second, third].map((streamId) =>
        store.append(streamId, 0, [cullRecordedEvent(streamId)]),
      );
      const laterSettled = later.map(whetherSettled);
      await turns();

      expect(countEventsOutside(file)).toBe(3);
      expect(syncs.calls).toHaveLength(1);
      syncs.calls[0]?.finish();
      expect(await firstAppend).toEqual({ version: 1, position: 1 });
      await turns();
      expect(syncs.calls).toHaveLength(2);
      expect(laterSettled.map((state) => state.settled)).toEqual([false, false]);
      syncs.calls[1]?.finish();
      expect(await Promise.all(later)).toEqual([
        { version: 1, position: 2 },
        { version: 1, position: 3 },
      ]);
    });

    it('a failed sync refuses every append of its batch, and every append after it without writing', async () => {
      const { file, store, syncs } = openWithHeldSyncs();
      const [first, second, late] = [randomUUID(), randomUUID(), randomUUID()];
      const diskError = Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });

      const batch = [first, second].map((streamId) =>
        store.append(streamId, 0, [cullRecordedEvent(streamId)]),
      );
      await turns();
      syncs.calls[0]?.fail(diskError);
      const outcomes = await Promise.allSettled(batch);

      for (const outcome of outcomes) {
        const reason = (outcome as PromiseRejectedResult).reason as unknown;
        expect(reason).toBeInstanceOf(StoreUnavailableError);
        expect((reason as Error).cause).toBe(diskError);
      }
      await expect(store.append(late, 0, [cullRecordedEvent(late)])).rejects.toBeInstanceOf(
        StoreUnavailableError,
      );
      expect(countEventsOutside(file)).toBe(2);
      expect(syncs.calls).toHaveLength(1);
      // The service's readiness asks for the head: it answers 503 until the process starts afresh.
      await expect(store.headPosition()).rejects.toBeInstanceOf(StoreUnavailableError);
    });

    it('a log read hands on events only once they are synced, those another connection appended included', async () => {
      const { file, store, syncs } = openWithHeldSyncs();
      const other = openSqliteEventStore({ file, syncFile: async () => {} });
      stores.push(other);
      const cullId = randomUUID();
      await other.append(cullId, 0, [cullRecordedEvent(cullId)]);

      const read = store.readAll(0, 10);
      const readSettled = whetherSettled(read);
      await turns();

      expect(readSettled.settled).toBe(false);
      expect(syncs.calls).toHaveLength(1);
      syncs.calls[0]?.finish();
      expect((await read).map((event) => event.streamId)).toEqual([cullId]);
      // Known to be on disk now: read again without another sync.
      expect(await store.readUser('user-1', 0, 10)).toHaveLength(1);
      expect(syncs.calls).toHaveLength(1);
    });

    it("a user's erasure answers only once the log is synced after it", async () => {
      const { store, syncs } = openWithHeldSyncs();
      const cullId = randomUUID();
      const append = store.append(cullId, 0, [cullRecordedEvent(cullId)]);
      await turns();
      syncs.calls[0]?.finish();
      await append;

      const erasure = store.eraseUser('user-1');
      const erased = whetherSettled(erasure);
      await vi.waitFor(() => expect(syncs.calls).toHaveLength(2), { timeout: 10_000 });

      expect(erased.settled).toBe(false);
      syncs.calls[1]?.finish();
      expect(await erasure).toEqual({ events: 1 });
    }, 15_000);

    it('copies appends into the file itself off the event loop, long before the log holds the pages of its automatic checkpoint', async () => {
      const { file, store } = openInTemporaryFolder();
      const cullId = randomUUID();

      await store.append(cullId, 0, [cullRecordedEvent(cullId)]);

      await vi.waitFor(() => expect(readFileSync(file).includes(cullId)).toBe(true), { timeout: 10_000 });
    }, 15_000);

    it('closing waits for the sync of the appends it commits', async () => {
      const { store, syncs } = openWithHeldSyncs();
      const cullId = randomUUID();
      const append = store.append(cullId, 0, [cullRecordedEvent(cullId)]);

      const closing = store.close();
      const closed = whetherSettled(closing);
      await turns();

      expect(closed.settled).toBe(false);
      expect(store.database.open).toBe(true);
      syncs.calls[0]?.finish();
      await closing;
      expect(await append).toEqual({ version: 1, position: 1 });
      expect(store.database.open).toBe(false);
    });
  });
});
