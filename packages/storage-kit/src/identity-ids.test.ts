import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { describeIdentityIdsContract } from './identity-ids.contract';
import {
  IDENTITY_ID_SWEEP_BATCH,
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

it('a take also forgets expired ids, a batch at most, once a sweep interval has passed since the last', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'cull-log-identity-ids-'));
  const file = join(directory, 'stats-identity-ids.db');
  const ids = openSqliteIdentityIds({ file });
  try {
    const expiresAt = 1_030;
    const past = expiresAt + IDENTITY_ID_SWEEP_MARGIN_SECONDS;
    const many = IDENTITY_ID_SWEEP_BATCH + 10;
    for (let index = 0; index < many; index += 1) await ids.take(`old-${index}`, expiresAt, 1_000);
    expect(heldIn(file)).toBe(many);
    // Within the interval of the last take's sweep: nothing is forgotten yet, expired or not.
    await ids.take('within', past + 30, 1_000 + IDENTITY_ID_SWEEP_EVERY_SECONDS - 0.5);
    expect(heldIn(file)).toBe(many + 1);
    // Past it: one batch of the expired goes with the take, the rest with the next interval's.
    await ids.take('next', past + 30, past);
    expect(heldIn(file)).toBe(many + 2 - IDENTITY_ID_SWEEP_BATCH);
    await ids.take('after', past + 30, past + IDENTITY_ID_SWEEP_EVERY_SECONDS);
    expect(heldIn(file)).toBe(3);
    expect(await ids.take('within', past + 30, past + 2)).toBe('replayed');
  } finally {
    await ids.close();
    rmSync(directory, { recursive: true, force: true });
  }
});
