import type { IdentityIds } from '@cull-log/storage-kit';

/**
 * The ids of the identity headers a service has taken, each until its header expires, so the same header is taken
 * once. Memory is bounded: an id is forgotten once its header could not be taken anyway (expired), and at most
 * `capacity` are held; past that the guard refuses rather than forget an id that could still be replayed.
 *
 * The memory is this process's: a header taken by one replica of a service could still be taken once by another
 * replica of the same service (never by another service: the audience is signed). Services that run replicated keep
 * the ids in a store they share instead (`IdentityIds`); this serves a service alone in its process, and tests.
 */
export class ReplayGuard {
  /** id → expiry in seconds; kept in the order taken, which is nearly the order of expiry. */
  private readonly taken = new Map<string, number>();

  constructor(private readonly capacity: number) {}

  /**
   * Takes `id` when it has not been taken: `taken`; `replayed` when it has; `full` when the guard holds as many
   * unexpired ids as it may (more requests in one header lifetime than it was sized for).
   */
  take(id: string, expiresAt: number, nowSeconds: number): 'taken' | 'replayed' | 'full' {
    this.forgetExpired(nowSeconds, false);
    if (this.taken.has(id)) return 'replayed';
    if (this.taken.size >= this.capacity) this.forgetExpired(nowSeconds, true);
    if (this.taken.size >= this.capacity) return 'full';
    this.taken.set(id, expiresAt);
    return 'taken';
  }

  get size(): number {
    return this.taken.size;
  }

  /** Forgets every id whose header has expired by `nowSeconds`; answers how many. */
  sweep(nowSeconds: number): number {
    const before = this.taken.size;
    this.forgetExpired(nowSeconds, true);
    return before - this.taken.size;
  }

  /**
   * Forgets the ids whose headers have expired: from the oldest up to the first still good, or, when `everywhere`, all
   * of them (an id behind one that expires later waits for it otherwise: gateways' clocks differ by a second or two).
   */
  private forgetExpired(nowSeconds: number, everywhere: boolean): void {
    for (const [id, expiresAt] of this.taken) {
      if (expiresAt > nowSeconds) {
        if (everywhere) continue;
        return;
      }
      this.taken.delete(id);
    }
  }
}

/** A ReplayGuard as the IdentityIds port: this process's own memory of `capacity` ids. */
export function memoryIdentityIds(capacity: number): IdentityIds {
  const guard = new ReplayGuard(capacity);
  return {
    take: async (id, expiresAt, nowSeconds) => guard.take(id, expiresAt, nowSeconds),
    sweep: async (nowSeconds) => guard.sweep(nowSeconds),
    close: async () => undefined,
  };
}
