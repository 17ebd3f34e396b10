import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { openSqliteProjection } from './sqlite-projection';
import { projectionBookkeepingContract, type MarkingProjection } from './testing';

const directory = mkdtempSync(join(tmpdir(), 'cull-log-projection-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const SCHEMA =
  'CREATE TABLE IF NOT EXISTS marks (seq INTEGER PRIMARY KEY, event_id TEXT NOT NULL, user_id TEXT NOT NULL)';

function openMarking(file: string, syncFile?: (file: string) => Promise<void>): MarkingProjection {
  const projection = openSqliteProjection({
    file,
    ...(syncFile && { syncFile }),
    name: 'marking',
    migrations: [{ version: 1, does: 'the applied table', up: (db) => db.exec(SCHEMA) }],
    readModelTables: ['marks'],
  });
  const insert = projection.db.prepare('INSERT INTO marks (event_id, user_id) VALUES (?, ?)');
  const select = projection.db.prepare<[], { event_id: string }>('SELECT event_id FROM marks ORDER BY seq');
  let failNext = false;
  return {
    store: projection.projectionStore((events) => {
      for (const event of events) insert.run(event.id, event.userId);
      if (failNext) {
        failNext = false;
        throw new Error('read model write failed');
      }
    }),
    marks: async () => select.all().map((row) => row.event_id),
    failNextWrite: () => {
      failNext = true;
    },
  };
}

projectionBookkeepingContract('SQLite', async () => openMarking(join(directory, 'contract.db')));

describe('SQLite projection file', () => {
  it('answers a batch (so the bus acknowledges it) only once its write-ahead log is on disk', async () => {
    const file = join(directory, 'synced.db');
    const asked: string[] = [];
    let release: () => void = () => {};
    let failing = false;
    const projection = openMarking(file, async (path) => {
      asked.push(path);
      if (failing) throw new Error('EIO: the disk did not take it');
      await new Promise<void>((done) => (release = done));
    });
    const log = createSampleEventLog();
    const [first, second, third] = [log.recorded('alice'), log.recorded('bob'), log.recorded('carol')];

    let answered = false;
    const applying = projection.store.applyBatch([first]).then((outcomes) => {
      answered = true;
      return outcomes;
    });
    await new Promise((done) => setTimeout(done, 20));
    expect(asked).toEqual([`${file}-wal`]);
    expect(answered).toBe(false);
    // Committed already: a read sees it, though the bus is not told until the sync.
    expect(await projection.marks()).toEqual([first.id]);
    release();
    expect(await applying).toEqual(['applied']);

    // A batch of nothing new writes nothing, and waits for no sync.
    expect(await projection.store.applyBatch([first])).toEqual(['duplicate']);
    expect(asked).toHaveLength(1);

    // A sync that fails refuses its batch, and every one after it: it may never be acknowledged.
    failing = true;
    await expect(projection.store.applyBatch([second])).rejects.toThrow('EIO');
    await expect(projection.store.applyBatch([third])).rejects.toThrow('EIO');
    await projection.store.close();
  });

  it('keeps versions and the checkpoint across a reopen', async () => {
    const file = join(directory, 'reopen.db');
    const log = createSampleEventLog();
    const recorded = log.recorded('alice');
    const first = openMarking(file);
    await first.store.apply(recorded);
    await first.store.close();

    const second = openMarking(file);
    expect(await second.store.position()).toBe(1);
    expect(await second.store.apply(recorded)).toBe('duplicate');
    expect(await second.marks()).toEqual([recorded.id]);
    await second.store.close();
  });

  it('moves the checkpoint of a file written before the checkpoint port, and keeps its versions', async () => {
    const file = join(directory, 'one-row-checkpoint.db');
    const recorded = createSampleEventLog().recorded('alice');
    const before = new Database(file);
    before.exec(`
      CREATE TABLE stream_versions (stream_id TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID;
      CREATE TABLE checkpoint (id INTEGER PRIMARY KEY CHECK (id = 1), position INTEGER NOT NULL);
      INSERT INTO checkpoint (id, position) VALUES (1, 7);
    `);
    before.prepare('INSERT INTO stream_versions VALUES (?, 1)').run(recorded.streamId);
    before.close();

    const opened = openMarking(file);
    expect(await opened.store.position()).toBe(7);
    expect(await opened.store.apply(recorded)).toBe('duplicate');
    await opened.store.close();
    const reopened = openMarking(file);
    expect(await reopened.store.position()).toBe(7);
    await reopened.store.close();
  });

  it('reads the checkpoint synchronously, inside the read model transactions', async () => {
    const projection = openSqliteProjection({
      file: join(directory, 'sync.db'),
      name: 'marking',
      migrations: [{ version: 1, does: 'the applied table', up: (db) => db.exec(SCHEMA) }],
      readModelTables: ['marks'],
    });
    const store = projection.projectionStore(() => undefined);
    await store.apply(createSampleEventLog().recorded('alice'));
    expect(projection.db.transaction(() => projection.readPosition())()).toBe(1);
    await store.close();
  });

  it('runs the read model’s erasure step first, in the same transaction, and clear empties its unowned tables', async () => {
    const projection = openSqliteProjection({
      file: join(directory, 'erasure-step.db'),
      name: 'keeping',
      migrations: [
        {
          version: 1,
          does: 'owned and unowned tables',
          up: (db) =>
            db.exec(`CREATE TABLE owned (id TEXT PRIMARY KEY, user_id TEXT NOT NULL);
                     CREATE TABLE tally (id TEXT PRIMARY KEY, n INTEGER NOT NULL);`),
        },
      ],
      readModelTables: ['owned'],
      unownedTables: ['tally'],
      // Keeps the user's row `kept` under another owner; fails for 'refused', so nothing of the erasure holds.
      beforeErase: (userId) => {
        projection.db
          .prepare("UPDATE owned SET user_id = 'team' WHERE user_id = ? AND id = 'kept'")
          .run(userId);
        if (userId === 'refused') throw new Error('erasure step failed');
        return 0;
      },
    });
    const { db } = projection;
    db.exec(`INSERT INTO owned VALUES ('kept', 'ann'), ('gone', 'ann'), ('his', 'refused');
             INSERT INTO tally VALUES ('t', 1);`);
    const store = projection.projectionStore(() => undefined);
    const rows = () => db.prepare('SELECT id, user_id FROM owned ORDER BY id').all();
    await store.eraseUser('ann');
    expect(rows()).toEqual([
      { id: 'his', user_id: 'refused' },
      { id: 'kept', user_id: 'team' },
    ]);
    await expect(store.eraseUser('refused')).rejects.toThrow('erasure step failed');
    expect(rows()).toHaveLength(2);
    expect(db.prepare('SELECT COUNT(*) AS n FROM tally').get()).toEqual({ n: 1 });
    await store.clear();
    expect(db.prepare('SELECT COUNT(*) AS n FROM tally').get()).toEqual({ n: 0 });
    await store.close();
  });

  it('erases a large user in batches, reads answered in between; interrupted, run again it erases the rest and counts nothing twice', async () => {
    let interrupt = true;
    let steps = 0;
    const projection = openSqliteProjection({
      file: join(directory, 'erasure-batches.db'),
      name: 'batches',
      migrations: [
        {
          version: 1,
          does: 'owned rows and a count of some of them kept for others',
          up: (db) =>
            db.exec(`CREATE TABLE owned (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, counted INTEGER NOT NULL);
                     CREATE TABLE tally (id TEXT PRIMARY KEY, n INTEGER NOT NULL);`),
        },
      ],
      readModelTables: ['owned'],
      unownedTables: ['tally'],
      // Takes counted rows out of the tally, deleting each as it goes; the process stops in its second step once.
      beforeErase: (userId, limit) => {
        steps += 1;
        if (interrupt && steps === 2) throw new Error('the process stopped');
        const ids = projection.db
          .prepare<[string, number], string>('SELECT id FROM owned WHERE user_id = ? AND counted = 1 LIMIT ?')
          .pluck()
          .all(userId, limit);
        for (const id of ids) {
          projection.db.prepare("UPDATE tally SET n = n - 1 WHERE id = 'kept'").run();
          projection.db.prepare('DELETE FROM owned WHERE id = ?').run(id);
        }
        return ids.length;
      },
    });
    const { db } = projection;
    const insert = db.prepare('INSERT INTO owned VALUES (?, ?, ?)');
    db.transaction(() => {
      for (let index = 0; index < 1200; index += 1) {
        insert.run(`counted-${index}`, 'ann', 1);
        insert.run(`own-${index}`, 'ann', 0);
      }
      insert.run('his', 'bob', 1);
      db.exec("INSERT INTO tally VALUES ('kept', 1201)");
    })();
    const store = projection.projectionStore(() => undefined);
    const tally = () => db.prepare<[], number>("SELECT n FROM tally WHERE id = 'kept'").pluck().get();
    const owned = (userId: string) =>
      db.prepare<[string], number>('SELECT COUNT(*) FROM owned WHERE user_id = ?').pluck().get(userId);

    await expect(store.eraseUser('ann')).rejects.toThrow('the process stopped');
    expect(owned('ann')).toBeGreaterThan(0);
    expect(tally()).toBeLessThan(1201);

    interrupt = false;
    const finished: string[] = [];
    const erasure = store.eraseUser('ann').then(() => finished.push('erasure'));
    await store.position();
    finished.push('read');
    await erasure;

    expect(finished).toEqual(['read', 'erasure']);
    expect(owned('ann')).toBe(0);
    expect(owned('bob')).toBe(1);
    expect(tally()).toBe(1);
    await store.close();
  });
});
