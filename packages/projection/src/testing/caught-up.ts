import { sleep } from '@cull-log/contracts';
import type { ProjectionStore } from '../projection-store';

/** Resolves once the store's checkpoint reaches `position`; rejects, saying where it stopped, after the timeout. */
export async function caughtUp(
  store: Pick<ProjectionStore, 'position'>,
  position: number,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await store.position()) < position) {
    if (Date.now() > deadline)
      throw new Error(`projection stuck at ${await store.position()}, wanted ${position}`);
    await sleep(20);
  }
}
