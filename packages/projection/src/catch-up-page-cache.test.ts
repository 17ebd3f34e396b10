import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { CATCH_UP_BATCH_SIZE, CATCH_UP_CACHE_KIB } from './catch-up-page-cache';
import { openSqliteProjection } from './sqlite-projection';

const directory = mkdtempSync(join(tmpdir(), 'cull-log-page-cache-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('a projection catching up', () => {
  it('applies a long batch with a large page cache, and gives the memory back once batches are short', async () => {
    const projection = openSqliteProjection({
      file: join(directory, 'page-cache.db'),
      name: 'page-cache',
      migrations: [],
      readModelTables: [],
    });
    const cacheSize = () => projection.db.pragma('cache_size', { simple: true });
    const usual = cacheSize();
    const cacheDuringWrite: unknown[] = [];
    const store = projection.projectionStore(() => cacheDuringWrite.push(cacheSize()));
    const log = createSampleEventLog();
    const farBehind = Array.from({ length: CATCH_UP_BATCH_SIZE }, () => log.recorded('alice'));

    await store.applyBatch(farBehind);
    expect(cacheDuringWrite).toEqual([-CATCH_UP_CACHE_KIB]);
    expect(usual).not.toBe(-CATCH_UP_CACHE_KIB);

    await store.applyBatch([log.recorded('alice')]);
    expect(cacheDuringWrite.at(-1)).toBe(usual);
    expect(cacheSize()).toBe(usual);
    expect(await store.position()).toBe(CATCH_UP_BATCH_SIZE + 1);
    await store.close();
  });
});
