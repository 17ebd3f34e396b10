import { backoffDelay, sleep, type BackoffOptions } from '@cull-log/contracts';
import { ApiRequestError } from '../client';
import type { Outbox, OutboxCommand, OutboxItem } from './outbox';

/** Sends one queued command to the server; rejects with an ApiRequestError as `request` does. */
export type SendCommand = (command: OutboxCommand) => Promise<void>;

export type SyncResult =
  /** Everything this user had waiting has been answered (accepted, refused or in conflict). */
  | { outcome: 'done'; sent: number }
  /** The session has ended: the items wait until this user signs in again. */
  | { outcome: 'signed_out'; sent: number }
  /** Stopped (signal) before all were answered, e.g. still no network. */
  | { outcome: 'stopped'; sent: number };

export interface SyncOptions {
  backoff?: BackoffOptions;
  /** Tries per item before this run gives up for now (the next trigger tries again); unlimited by default. */
  maxTries?: number;
  signal?: AbortSignal;
}

const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 60_000 };

/** A failure worth trying again later: no network, or the server not answering properly for now. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return error instanceof TypeError;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Each outbox's queueing, one command at a time: a quick second change reads the outbox with the first in it. */
const queueing = new WeakMap<Outbox, Promise<unknown>>();

/**
 * Queues a command for `userId`. An amend or delete of a record whose create is still waiting folds into it, so
 * the server never sees an amend guarded by a version the device made up. An outing's sightings replace the ones
 * still waiting for it (they are sent whole), unless those are being sent: then they go after them.
 */
export function queueCommand(outbox: Outbox, userId: string, command: OutboxCommand): Promise<void> {
  const queued = (queueing.get(outbox) ?? Promise.resolve()).then(() => queueNow(outbox, userId, command));
  queueing.set(
    outbox,
    queued.catch(() => undefined),
  );
  return queued;
}

async function queueNow(outbox: Outbox, userId: string, command: OutboxCommand): Promise<void> {
  const pending = await outbox.list(userId);
  if (command.kind === 'outing-sightings' && (await replaceSightings(outbox, pending, command))) return;
  const create = pending.find(
    (item) =>
      item.state === 'waiting' &&
      item.command.kind === 'create' &&
      item.command.recordId === command.recordId,
  );
  if (create?.command.kind === 'create') {
    if (command.kind === 'delete') {
      // Never sent, so nothing to undo on the server; later changes to it go too.
      for (const item of pending.filter((queued) => queued.command.recordId === command.recordId)) {
        await outbox.remove(item.seq);
      }
      return;
    }
    if (command.kind === 'amend') {
      const { expected_version: _ignored, ...changes } = command.body;
      await outbox.update(create.seq, {
        command: {
          ...create.command,
          body: { ...create.command.body, ...changes } as typeof create.command.body,
        },
      });
      return;
    }
  }
  await outbox.add(userId, command);
}

/**
 * Puts an outing's newer sightings in place of the last item for that outing when it holds sightings and is not
 * being sent (a refused one too: the newer list is judged afresh). Answers whether it did.
 */
async function replaceSightings(
  outbox: Outbox,
  pending: readonly OutboxItem[],
  command: Extract<OutboxCommand, { kind: 'outing-sightings' }>,
): Promise<boolean> {
  const last = pending.filter((item) => item.command.recordId === command.recordId).at(-1);
  if (last?.command.kind !== 'outing-sightings' || last.state === 'conflict') return false;
  if (sending.get(outbox)?.has(last.seq)) return false;
  return outbox.update(last.seq, {
    state: 'waiting',
    command: { ...last.command, body: { ...last.command.body, ...command.body } },
  });
}

/**
 * The items of each outbox being sent now. Two runs may overlap (the signal coming back and the user's "Sync now" at
 * once): an item one of them is sending, the other passes over, with the items behind it for the same record, so
 * each change goes to the server once.
 */
const sending = new WeakMap<Outbox, Set<number>>();

/**
 * Sends `userId`'s waiting items, oldest first and one at a time. An item the server refuses (400) or finds in
 * conflict (409) stays in the outbox with the server's reason, and later items for the same record wait behind
 * it; nothing is dropped unless the server has accepted it. A 401 stops the run with every item kept.
 */
export async function syncOutbox(
  outbox: Outbox,
  userId: string,
  send: SendCommand,
  { backoff = DEFAULT_BACKOFF, maxTries = Infinity, signal }: SyncOptions = {},
): Promise<SyncResult> {
  let sent = 0;
  const held = new Set<string>();
  const listed = await outbox.list(userId);
  let inFlight = sending.get(outbox);
  if (inFlight === undefined) sending.set(outbox, (inFlight = new Set()));
  for (const { seq, state, command } of listed) {
    if (state !== 'waiting' || inFlight.has(seq)) {
      held.add(command.recordId);
      continue;
    }
    if (held.has(command.recordId)) continue;
    inFlight.add(seq);
    try {
      // Another run may have sent (or changed) it since this one read the outbox: it is read again, claimed.
      const item = (await outbox.list(userId)).find((current) => current.seq === seq);
      if (item === undefined) continue;
      if (item.state !== 'waiting') {
        held.add(command.recordId);
        continue;
      }
      const answer = await sendWithRetry(item, send, backoff, maxTries, signal);
      if (answer === 'stopped') return { outcome: 'stopped', sent };
      if (answer === 'accepted') {
        sent++;
        // Changed while it was being sent (an outing's newer sightings): it stays, and goes again on the next run.
        if (!(await outbox.remove(item.seq, item.command))) held.add(item.command.recordId);
        continue;
      }
      if (answer.status === 401) return { outcome: 'signed_out', sent };
      if (answer.status === 404 && (item.command.kind === 'delete' || item.command.kind === 'remove-photo')) {
        // Already gone: what the user wanted.
        await outbox.remove(item.seq);
        continue;
      }
      held.add(item.command.recordId);
      await outbox.update(item.seq, {
        state: answer.status === 409 ? 'conflict' : 'refused',
        reason: answer.message,
        ...(answer.fields ? { fields: answer.fields } : {}),
      });
    } finally {
      inFlight.delete(seq);
    }
  }
  return { outcome: 'done', sent };
}

async function sendWithRetry(
  item: OutboxItem,
  send: SendCommand,
  backoff: BackoffOptions,
  maxTries: number,
  signal: AbortSignal | undefined,
): Promise<'accepted' | 'stopped' | ApiRequestError> {
  for (let tries = 1; !signal?.aborted; tries++) {
    try {
      await send(item.command);
      return 'accepted';
    } catch (error) {
      if (!isTransient(error)) {
        return error instanceof ApiRequestError
          ? error
          : new ApiRequestError(400, 'refused', error instanceof Error ? error.message : String(error));
      }
      if (tries >= maxTries) return 'stopped';
      await sleep(backoffDelay(tries, backoff), signal);
    }
  }
  return 'stopped';
}

/** The user keeps their change after a conflict: sent again, guarded by the version the server has now. */
export async function keepMine(outbox: Outbox, item: OutboxItem, serverVersion: number): Promise<void> {
  if (item.command.kind !== 'amend') {
    await outbox.update(item.seq, { state: 'waiting' });
    return;
  }
  await outbox.update(item.seq, {
    state: 'waiting',
    command: { ...item.command, body: { ...item.command.body, expected_version: serverVersion } },
  });
}

/** The user takes the server's version (or discards a refused change): the queued change goes. */
export async function dropChange(outbox: Outbox, item: OutboxItem): Promise<void> {
  await outbox.remove(item.seq);
}
