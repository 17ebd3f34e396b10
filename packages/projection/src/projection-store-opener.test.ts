import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectionStore } from './projection-store';
import { projectionStoreOpener } from './projection-store-opener';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'cull-log-opener-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** An opener whose adapters only say how they were called. */
function recordingOpener() {
  const calls: unknown[] = [];
  const store = {} as ProjectionStore;
  const open = projectionStoreOpener({
    sqliteFile: 'stats.db',
    mongoDb: 'cull_log_stats',
    openSqlite: (options) => {
      calls.push({ sqlite: options });
      return store;
    },
    connectMongo: async (options) => {
      calls.push({ mongo: options });
      return store;
    },
  });
  return { open, calls, store };
}

describe('projectionStoreOpener', () => {
  it('opens the SQLite file in DATA_DIR, creating the folder, when MONGODB_URL is not set', async () => {
    const { open, calls, store } = recordingOpener();
    const dataDir = join(directory, 'nested', 'data');
    expect(await open({ DATA_DIR: dataDir })).toBe(store);
    expect(existsSync(dataDir)).toBe(true);
    expect(calls).toEqual([{ sqlite: { file: join(dataDir, 'stats.db') } }]);
  });

  it("connects to the service's own MongoDB database when MONGODB_URL is set", async () => {
    const { open, calls } = recordingOpener();
    await open({ DATA_DIR: join(directory, 'unused'), MONGODB_URL: 'mongodb://127.0.0.1:27017' });
    expect(calls).toEqual([{ mongo: { url: 'mongodb://127.0.0.1:27017', dbName: 'cull_log_stats' } }]);
    expect(existsSync(join(directory, 'unused'))).toBe(false);
  });
});
