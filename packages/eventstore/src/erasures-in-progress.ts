import type { LogEvent } from '@cull-log/contracts';
import { UserBeingErasedError } from './event-store';

/** The users whose erasure this store is running, so that none of their events lands meanwhile. */
export class ErasuresInProgress {
  private readonly running = new Map<string, number>();

  /** Runs `erase` with the user's appends refused until it settles (erasures of one user may overlap). */
  async during<T>(userId: string, erase: () => Promise<T>): Promise<T> {
    this.running.set(userId, (this.running.get(userId) ?? 0) + 1);
    try {
      return await erase();
    } finally {
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left > 0) this.running.set(userId, left);
      else this.running.delete(userId);
    }
  }

  /** Whether an erasure of the user is running. */
  has(userId: string): boolean {
    return this.running.has(userId);
  }

  /** Throws UserBeingErasedError when any of `events` is of a user being erased. */
  refuse(events: Iterable<LogEvent>): void {
    for (const { userId } of events) if (this.running.has(userId)) throw new UserBeingErasedError(userId);
  }
}
