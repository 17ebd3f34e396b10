import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ListCullsResponse } from '@cull-log/contracts';
import { freePort } from '@cull-log/service-kit/testing';
import { CullLogClient } from './testing/cull-log-client';
import { sampleCull } from './testing/expectations';
import type { ProcessOutput } from './testing/process-output';
import { requireBuiltApp, startBuiltApp, type RunningApp } from './testing/built-app';

/** Clients creating records at once, so the app is killed with batches committed, syncing and arriving. */
const WRITERS = 16;
/** Creates acknowledged before the kill. */
const ACKNOWLEDGED_BEFORE_KILL = 150;

describe('the one-process app killed outright (kill -9)', () => {
  let dataDir: string;
  let port: number;
  let running: RunningApp | undefined;
  const outputs: ProcessOutput[] = [];

  async function start(): Promise<CullLogClient> {
    // Creates as fast as the app takes them, not as fast as one person may make them.
    const settings = { PORT: String(port), DATA_DIR: dataDir, WRITE_RATE_LIMIT_PER_MINUTE: '1000000' };
    running = await startBuiltApp(settings, outputs);
    return new CullLogClient(`http://127.0.0.1:${port}`, `http://localhost:${port}`);
  }

  beforeAll(async () => {
    requireBuiltApp();
    dataDir = mkdtempSync(join(tmpdir(), 'cull-log-crash-'));
    port = await freePort();
  });

  afterEach((context) => {
    if (context.task.result?.state === 'fail') for (const output of outputs) console.log(output.tail());
  });

  afterAll(async () => {
    await running?.process.stop({ signal: 'SIGKILL' });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every create it acknowledged before it was killed in the middle of a stream of them', async () => {
    const ann = await start();
    await ann.signIn('Ann Stalker', 'ann@example.org');
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (writerIndex: number) => {
      for (let index = 0; !killed; index += 1) {
        const fields = sampleCull({ notes: `writer ${writerIndex}, create ${index}` });
        try {
          const answer = await ann.send('POST', '/api/culls', fields);
          if (answer.status === 201) acknowledged.push((JSON.parse(answer.text) as { id: string }).id);
          else if (!killed) throw new Error(`a create answered ${answer.status}: ${answer.text}`);
        } catch (error) {
          // Refused or cut off by the kill: never acknowledged, so free to be lost.
          if (killed) return;
          throw error;
        }
      }
    };
    let failure: { error: unknown } | undefined;
    const writers = Array.from({ length: WRITERS }, (_, index) =>
      writer(index).catch((error: unknown) => {
        failure ??= { error };
      }),
    );
    while (acknowledged.length < ACKNOWLEDGED_BEFORE_KILL && failure === undefined) {
      await new Promise((done) => setTimeout(done, 5));
    }
    if (failure !== undefined) throw failure.error;

    const app = running?.process;
    killed = true;
    expect(await app?.stop({ signal: 'SIGKILL' })).toEqual({ code: null, signal: 'SIGKILL' });
    running = undefined;
    await Promise.all(writers);

    const again = await start();
    await again.signIn('Ann Stalker', 'ann@example.org');
    const kept = new Set<string>();
    for (let page = 1; ; page += 1) {
      const answer = await again.send(
        'GET',
        `/api/culls?page=${page}&page_size=100&sort=created_at&order=asc`,
      );
      const list = ListCullsResponse.parse(JSON.parse(answer.text));
      for (const item of list.items) kept.add(item.id);
      if (list.items.length < 100) break;
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    expect(acknowledged.filter((id) => !kept.has(id))).toEqual([]);
  });
});
