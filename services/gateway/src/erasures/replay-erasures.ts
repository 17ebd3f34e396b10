import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { eraseAccount, type AccountErasureDeps } from '../accounts/account-erasure';
import { forgetLapsedErasures, type ErasureJournal } from './erasure-journal';

export interface ErasureReplayDeps {
  journal: ErasureJournal;
  /** The erasure as the app makes it; the journal it appends to is left out, as its entries are already kept. */
  erasure: AccountErasureDeps;
  backupRetentionDays: number;
  log: FastifyBaseLogger;
}

export interface ErasureReplay {
  /** The accounts erased again, each once however often the journal names it. */
  erased: string[];
  /** The accounts whose erasure failed, with why: the replay is to be run again. */
  failed: Array<{ uid: string; reason: string }>;
  /** The journal's entries made before `since`, left alone. */
  skipped: number;
}

/**
 * After a backup is restored: makes again every erasure the journal holds from `since` (when the restored copy was
 * taken) on, by the same erasure the app makes. Each step of it can run twice, so an account with nothing left, or a
 * replay run again, does no harm. Erasures before `since` are left: the account may have been made again since, and its
 * new data is in the copy.
 */
export async function replayErasures(deps: ErasureReplayDeps, since: Date): Promise<ErasureReplay> {
  const { journal, backupRetentionDays, log } = deps;
  const { journal: _appendsAgain, ...erasure } = deps.erasure;
  await forgetLapsedErasures(journal, erasure.now(), backupRetentionDays);
  const entries = await journal.list();
  const due = entries.filter((entry) => entry.erasedAt.getTime() >= since.getTime());
  const uids = [...new Set(due.map((entry) => entry.uid))];
  const requestId = `erasure-replay-${randomUUID()}`;
  const replay: ErasureReplay = { erased: [], failed: [], skipped: entries.length - due.length };
  for (const uid of uids) {
    try {
      await eraseAccount(erasure, { uid, display_name: null, email: null }, { requestId, log });
      replay.erased.push(uid);
    } catch (error) {
      log.warn({ err: error, userId: uid }, 'could not erase an account again');
      replay.failed.push({ uid, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return replay;
}
