import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { describeIdentityIdsContract } from './identity-ids.contract';
import {
  IDENTITY_ID_SWEEP_EVERY_SECONDS,
  IDENTITY_ID_SWEEP_MARGIN_SECONDS,
  IDENTITY_IDS_TABLE,
  openSqliteIdentityIds,
} from './identity-ids';

function heldIn(file: string): number {
  const database = new Database(file, { readonly: true });
  try {
    return database.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${IDENTITY_IDS_TABLE}`).get()!.n;
  } finally {
    database.close();
  }
}

describeIdentityIdsContract('SQLite (two connections to one file)', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'cull-log-identity-ids-'));
  const file = join(directory, 'records.db');
  return {
    open: async () => openSqliteIdentityIds({ file }),
    held: async () => heldIn(file),
    dispose: async () => rmSync(directory, { recursive: true, force: true }),
  };
});

it('a take also sweeps the expired ids, once a sweep interval has passed since the last', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'cull-log-identity-ids-'));
  const file = join(directory, 'stats.db');
  const ids = openSqliteIdentityIds({ file });
  try {
    await ids.take('first', 1_030, 1_000);
    const past = 1_030 + IDENTITY_ID_SWEEP_MARGIN_SECONDS;
    // The first take swept at 1,000: the next sweep is due a sweep interval on.
    await ids.take('second', past + 30, 1_000 + IDENTITY_ID_SWEEP_EVERY_SECONDS - 1);
    expect(heldIn(file)).toBe(2);
    await ids.take('third', past + 30, Math.max(past, 1_000 + IDENTITY_ID_SWEEP_EVERY_SECONDS));
    expect(heldIn(file)).toBe(2);
    expect(await ids.take('second', past + 30, past + 1)).toBe('replayed');
  } finally {
    await ids.close();
    rmSync(directory, { recursive: true, force: true });
  }
});
