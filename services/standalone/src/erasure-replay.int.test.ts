import { once } from 'node:events';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@cull-log/service-kit/testing';
import { spawnChildProcess, type ChildProcessHandle } from './service-process';
import { CullLogClient } from './testing/cull-log-client';
import { ERASURE_JOURNAL_FOLDER, filesHolding } from './testing/data-scan';
import { testEnvironment } from './testing/environment';
import { projectionsOf, sampleCull } from './testing/expectations';
import { ProcessOutput } from './testing/process-output';

const ENTRY = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const REPLAY = fileURLToPath(new URL('../dist/replay-erasures.js', import.meta.url));

describe('an erasure made again after a backup is restored, in the one-process app', () => {
  let dataDir: string;
  let backupDir: string;
  let port: number;
  let app: { process: ChildProcessHandle; output: ProcessOutput } | undefined;
  const client = () => new CullLogClient(`http://127.0.0.1:${port}`, `http://localhost:${port}`);
  const ann = { name: 'Ann Restored', email: 'ann.restored.5b1e@example.org' };
  const bob = { name: 'Bob Stays', email: 'bob.stays.0c4a@example.org' };
  const environment = () => testEnvironment({ PORT: String(port), DATA_DIR: dataDir });

  async function start() {
    const output = new ProcessOutput('cull-log');
    const child = spawnChildProcess({
      name: 'cull-log',
      command: process.execPath,
      args: [ENTRY],
      env: environment(),
      onLine: output.collect,
    });
    app = { process: child, output };
    await output.waitForLine(/Cull Log is running at (\S+)/, { timeoutMs: 60_000 });
  }

  async function stop() {
    await app?.process.stop({ signal: 'SIGINT', timeoutMs: 30_000 });
    app = undefined;
  }

  /** Runs `npm run erasures:replay`'s program with the app's environment; answers its exit code and output. */
  async function replay(args: string[], env = environment()) {
    const output = new ProcessOutput('replay');
    const child = spawnChildProcess({
      name: 'replay',
      command: process.execPath,
      args: [REPLAY, ...args],
      env,
      onLine: output.collect,
    });
    // Once its output streams have ended too, so every line has been read.
    const [code] = (await once(child.child, 'close')) as [number | null];
    return { code, text: output.lines.join('\n') };
  }

  /** The stores a backup holds: everything in DATA_DIR but the erasure journal, which is kept apart. */
  const stores = () => readdirSync(dataDir).filter((name) => name !== ERASURE_JOURNAL_FOLDER);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cull-log-replay-'));
    backupDir = mkdtempSync(join(tmpdir(), 'cull-log-replay-backup-'));
    port = await freePort();
  });

  afterEach((context) => {
    if (context.task.result?.state === 'fail' && app) console.log(app.output.tail());
  });

  afterAll(async () => {
    await app?.process.stop({ signal: 'SIGKILL' });
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
  });

  it("a restore brings an erased user's records back; the replay erases them again, and another user's stay", async () => {
    await start();
    const anns = client();
    const annUid = (await anns.signIn(ann.name, ann.email)).uid;
    await anns.recordCull(sampleCull({ notes: `Seen by ${ann.email}` }));
    const annsLast = await anns.recordCull(sampleCull({ species: 'Fox', sex: 'Male' }));
    await projectionsOf(anns, (await anns.listCulls()).items, annsLast.position);
    const bobs = client();
    await bobs.signIn(bob.name, bob.email);
    const bobsLast = await bobs.recordCull(sampleCull({ species: 'Fallow Deer', notes: 'kept' }));
    const bobsRecords = await bobs.listCulls();
    await projectionsOf(bobs, bobsRecords.items, bobsLast.position);
    await stop();

    // The backup: a copy of the stores, taken with the app stopped.
    const backupTakenAt = new Date();
    for (const name of stores()) cpSync(join(dataDir, name), join(backupDir, name), { recursive: true });

    await start();
    const erasing = client();
    await erasing.signIn(ann.name, ann.email);
    expect(await erasing.eraseAccount()).toMatchObject({ erased: true });
    await stop();
    expect(filesHolding(dataDir, [annUid, ann.email])).toEqual([]);

    // The restore: the stores put back from the copy, the journal left where it is.
    for (const name of stores()) rmSync(join(dataDir, name), { recursive: true, force: true });
    cpSync(backupDir, dataDir, { recursive: true });
    expect(filesHolding(dataDir, [annUid, ann.email]).length).toBeGreaterThan(0);
    await start();
    const annBack = client();
    await annBack.signIn(ann.name, ann.email);
    expect((await annBack.listCulls()).total).toBe(2);
    expect((await annBack.stats()).total_culls).toBe(2);

    // Not while the app serves: its files are opened by one process.
    const refused = await replay(['--since', backupTakenAt.toISOString()]);
    expect(refused.code).toBe(1);
    expect(refused.text).toContain('stop Cull Log before replaying erasures');
    await stop();

    // Nor on a DATA_DIR that holds no app's data (it would make empty stores and erase nothing).
    const nowhere = mkdtempSync(join(tmpdir(), 'cull-log-replay-nowhere-'));
    const mistyped = await replay(['--since', backupTakenAt.toISOString()], {
      ...environment(),
      DATA_DIR: nowhere,
    });
    expect(mistyped.code).toBe(1);
    expect(mistyped.text).toContain('There is no Cull Log data in');
    expect(readdirSync(nowhere)).toEqual([]);
    rmSync(nowhere, { recursive: true, force: true });

    const replayed = await replay(['--since', backupTakenAt.toISOString()]);
    expect(replayed.text).toContain('1 account(s) erased again, 0 could not be');
    expect(replayed.code).toBe(0);
    expect(filesHolding(dataDir, [annUid, ann.email])).toEqual([]);
    // Run again, it does no harm.
    expect((await replay(['--since', backupTakenAt.toISOString()])).code).toBe(0);

    await start();
    const annAfter = client();
    expect((await annAfter.signIn(ann.name, ann.email)).uid).toBe(annUid);
    expect((await annAfter.listCulls()).total).toBe(0);
    expect((await annAfter.stats()).total_culls).toBe(0);
    const bobAfter = client();
    await bobAfter.signIn(bob.name, bob.email);
    expect(await bobAfter.listCulls()).toEqual(bobsRecords);
    expect((await bobAfter.stats()).total_culls).toBe(1);
  });
});
