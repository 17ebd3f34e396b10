import { monthKey, seasonOfDate } from '@cull-log/domain';
import type { CullFacts } from './stats-store';

/**
 * One move of one counter: each kind of counter is a table (SQLite) or a collection (MongoDB) keyed by
 * `key`, whose amounts grow by `by` (negative to take a cull back out).
 */
export type CounterChange =
  | {
      counter: 'totals';
      key: { userId: string };
      by: { total: number; weighed: number; weightGrams: number };
    }
  | { counter: 'species'; key: { userId: string; species: string }; by: { count: number } }
  | { counter: 'months'; key: { userId: string; month: string }; by: { count: number } }
  | {
      counter: 'seasons';
      key: { userId: string; season: string; species: string; sex: string };
      by: { count: number };
    };

function contribution({ userId, species, sex, date, weightGrams }: CullFacts, sign: 1 | -1): CounterChange[] {
  return [
    {
      counter: 'totals',
      key: { userId },
      by: { total: sign, weighed: weightGrams === null ? 0 : sign, weightGrams: sign * (weightGrams ?? 0) },
    },
    { counter: 'species', key: { userId, species }, by: { count: sign } },
    { counter: 'months', key: { userId, month: monthKey(date) }, by: { count: sign } },
    {
      counter: 'seasons',
      key: { userId, season: seasonOfDate(date).label, species, sex },
      by: { count: sign },
    },
  ];
}

/** Sums the counter moves of many changes of culls (a batch), so that each counter is written once. */
export function createCounterSum() {
  const byCounter = new Map<string, CounterChange>();
  function add(change: CounterChange): void {
    const id = [change.counter, ...Object.values(change.key)].join('\u0000');
    const seen = byCounter.get(id);
    if (seen === undefined) {
      byCounter.set(id, { ...change, by: { ...change.by } } as CounterChange);
      return;
    }
    const amounts = seen.by as Record<string, number>;
    for (const [name, amount] of Object.entries(change.by)) amounts[name] = (amounts[name] ?? 0) + amount;
  }
  return {
    /** Adds how the counters move when a cull's facts go from `previous` to `next` (absent: not counted). */
    move(previous: CullFacts | undefined, next: CullFacts | undefined): void {
      if (previous) for (const change of contribution(previous, -1)) add(change);
      if (next) for (const change of contribution(next, 1)) add(change);
    },
    /** The summed moves, without those that cancel out, so an unchanged cull writes nothing. */
    changes(): CounterChange[] {
      return [...byCounter.values()].filter((change) =>
        Object.values(change.by).some((amount) => amount !== 0),
      );
    },
  };
}

/** How the counters move when a cull's facts go from `previous` to `next` (absent: not counted). */
export function counterChanges(
  previous: CullFacts | undefined,
  next: CullFacts | undefined,
): CounterChange[] {
  const sum = createCounterSum();
  sum.move(previous, next);
  return sum.changes();
}

/** The counters of a set of culls counted from nothing: filling them in for culls kept before counters were. */
export function countersOf(culls: Iterable<CullFacts>): CounterChange[] {
  const sum = createCounterSum();
  for (const facts of culls) sum.move(undefined, facts);
  return sum.changes();
}
