import { createConnection } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export function acceptsConnections(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Asks `check` until it answers true, every `intervalMs`, for at most `timeoutMs`; then throws with `what`.
 * `giveUp` ends the wait early (a process that exited will never become ready).
 */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  {
    timeoutMs,
    intervalMs = 100,
    giveUp,
  }: { timeoutMs: number; intervalMs?: number; giveUp?: () => string | undefined },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    const reason = giveUp?.();
    if (reason !== undefined) throw new Error(`${what}: ${reason}`);
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(intervalMs);
  }
}

/** True once `url` answers 2xx. */
export async function answersOk(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  await response.body?.cancel();
  return response.ok;
}
