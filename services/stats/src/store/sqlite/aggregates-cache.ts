import type Database from 'better-sqlite3';
import type { StatsAggregates, StatsWindow } from '../stats-store';

/** A user's figures without the position they are read at, which moves with everyone's events. */
export type UserAggregates = Omit<StatsAggregates, 'position'>;

/** How many users' figures are kept: each is a few hundred bytes to a few kilobytes. */
const USERS_KEPT = 5_000;

/**
 * The figures last read for each user, kept until one of that user's counters moves (`forget`), so that reading the
 * stats page again reads nothing from the file. The counters are the only tables the figures come from, and every
 * move of them on this connection says whose it was. A commit by another connection (a rebuild on another thread,
 * another process) changes SQLite's `data_version`, which empties the cache; so does `clear`. Nothing is kept or
 * served inside a transaction, where the figures may yet be rolled back.
 */
export function aggregatesCache(db: Database.Database) {
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let seenVersion = dataVersion.get();
  const kept = new Map<string, { window: string; aggregates: UserAggregates }>();

  /** Whether what is kept may be used: empties it when another connection has committed since. */
  const usable = (): boolean => {
    if (db.inTransaction) return false;
    const version = dataVersion.get();
    if (version !== seenVersion) {
      kept.clear();
      seenVersion = version;
    }
    return true;
  };

  return {
    /** The user's figures for the window: kept ones while their counters stand still, else `read`'s, kept. */
    read({ userId, months, seasonMonths }: StatsWindow, read: () => UserAggregates): UserAggregates {
      if (!usable()) return read();
      const window = `${months[0]}/${months.at(-1)}/${seasonMonths[0]}/${seasonMonths.at(-1)}`;
      const entry = kept.get(userId);
      // Deleted and set again, so that the map's order is least recently read first.
      kept.delete(userId);
      if (entry !== undefined && entry.window === window) {
        kept.set(userId, entry);
        return entry.aggregates;
      }
      const aggregates = deepFreeze(read());
      kept.set(userId, { window, aggregates });
      if (kept.size > USERS_KEPT) kept.delete(kept.keys().next().value as string);
      return aggregates;
    },
    /** A counter of the user's moved (or their rows went): their kept figures are gone. */
    forget(userId: string): void {
      kept.delete(userId);
    },
    clear(): void {
      kept.clear();
    },
  };
}

/** Frozen all the way down, so that no reader can change what the next one is given. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
