import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fsyncOnThreadPool, WriteAheadLogSync } from './write-ahead-log-sync';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A sync of the file that the test finishes (or fails) by hand. */
function heldSyncs() {
  const calls: { finish: () => void; fail: (error: Error) => void }[] = [];
  const syncFile = () => new Promise<void>((finish, fail) => calls.push({ finish, fail }));
  return { calls, syncFile };
}

function whetherSettled(promise: Promise<unknown>) {
  const state = { settled: false, failed: false };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = state.failed = true),
  );
  return state;
}

const turn = () => new Promise((done) => setImmediate(done));

describe('WriteAheadLogSync', () => {
  it('a request made while a sync runs waits for the next one, which serves every request made meanwhile', async () => {
    const { calls, syncFile } = heldSyncs();
    const sync = new WriteAheadLogSync('events.sqlite-wal', syncFile);

    const first = whetherSettled(sync.sync());
    const [second, third] = [whetherSettled(sync.sync()), whetherSettled(sync.sync())];
    await turn();
    expect(calls).toHaveLength(1);

    calls[0]?.finish();
    await turn();
    expect([first.settled, second.settled, third.settled]).toEqual([true, false, false]);
    expect(calls).toHaveLength(2);

    calls[1]?.finish();
    await turn();
    expect([second.settled, third.settled]).toEqual([true, true]);
  });

  it('after a failed sync, every request is refused, those waiting for the next one included, and none syncs again', async () => {
    const { calls, syncFile } = heldSyncs();
    const sync = new WriteAheadLogSync('events.sqlite-wal', syncFile);
    const diskError = new Error('EIO: i/o error, fsync');

    const running = sync.sync();
    const waiting = sync.sync();
    calls[0]?.fail(diskError);

    await expect(running).rejects.toBe(diskError);
    await expect(waiting).rejects.toBe(diskError);
    await expect(sync.sync()).rejects.toBe(diskError);
    expect(sync.failed).toEqual({ error: diskError });
    expect(calls).toHaveLength(1);
  });

  it('idle resolves once no sync runs or waits', async () => {
    const { calls, syncFile } = heldSyncs();
    const sync = new WriteAheadLogSync('events.sqlite-wal', syncFile);
    void sync.sync();
    void sync.sync();

    const idle = whetherSettled(sync.idle());
    calls[0]?.finish();
    await turn();
    expect(idle.settled).toBe(false);
    calls[1]?.finish();
    await turn();
    await turn();
    expect(idle).toEqual({ settled: true, failed: false });
  });
});

describe('fsyncOnThreadPool', () => {
  it('syncs a file that is there, and rejects for one that is not, also after it was synced once', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'cull-log-wal-sync-'));
    folders.push(folder);
    const file = join(folder, 'events.sqlite-wal');
    const syncFile = fsyncOnThreadPool();
    writeFileSync(file, 'frames');

    await expect(syncFile(file)).resolves.toBeUndefined();
    unlinkSync(file);
    await expect(syncFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
    await syncFile.close();
  });

  it('syncs the file the path names now, when it was deleted and made again since the last sync', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'cull-log-wal-sync-'));
    folders.push(folder);
    const file = join(folder, 'events.sqlite-wal');
    const syncFile = fsyncOnThreadPool();
    writeFileSync(file, 'frames');
    await syncFile(file);

    unlinkSync(file);
    writeFileSync(file, 'frames again');

    await expect(syncFile(file)).resolves.toBeUndefined();
    unlinkSync(file);
    await expect(syncFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
    await syncFile.close();
  });
});
