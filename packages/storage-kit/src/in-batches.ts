/**
 * Rows an erasure deletes in one transaction: each row touches pages of several indexes, so a commit of 50 of them
 * stays within a few tens of milliseconds on the event loop, and other requests are served in between.
 */
export const ERASE_BATCH_SIZE = 50;

/** Resolves on the next turn of the event loop, after the I/O waiting (requests, timers) has had its go. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs `batch` (one transaction's worth of work) again and again until it answers that nothing is left, letting the
 * event loop turn between two runs, so other requests are served in between rather than after the whole job.
 */
export async function inBatches(batch: () => boolean | Promise<boolean>): Promise<void> {
  while (await batch()) await nextTurn();
}
