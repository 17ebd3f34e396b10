/** Rows an erasure deletes in one transaction: small enough that the event loop turns every few milliseconds. */
export const ERASE_BATCH_SIZE = 500;

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
