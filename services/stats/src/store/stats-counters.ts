import { teamOwnerId } from '@cull-log/contracts';
import { cullWarningCodes, isYoung, monthKey, outingDate, outingTally } from '@cull-log/domain';
import type { CullFacts, OutingFacts, SeasonCount } from './stats-store';

/**
 * One move of one counter: each kind of counter is a table (SQLite) or a collection (MongoDB) keyed by
 * `key`, whose amounts grow by `by` (negative to take a cull back out). Season figures are kept by month,
 * since both season starts fall on the first of a month: a season is the sum of its twelve months, whichever
 * start the user has at the time of the read.
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
      counter: 'classes';
      /** `groundId` is '' for a cull on no ground; `young` is 1 for a young animal, else 0. */
      key: { userId: string; month: string; groundId: string; species: string; sex: string; young: number };
      by: { count: number; weighed: number; weightGrams: number };
    }
  | {
      counter: 'destinations';
      key: { userId: string; month: string; destination: string };
      by: { count: number };
    }
  | {
      counter: 'warnings';
      /** `code` a legal warning's (close_season, night, calibre): the culls that have it. */
      key: { userId: string; month: string; code: string };
      by: { count: number };
    }
  | {
      counter: 'outings';
      key: { userId: string; month: string };
      by: { outings: number; blank: number; durationMs: number; deer: number };
    };

export type CounterName = CounterChange['counter'];

type ClassChange = Extract<CounterChange, { counter: 'classes' }>;
/** One `classes` counter as a read finds it: its key but the user, and its amounts. */
export type ClassCounter = Omit<ClassChange['key'], 'userId'> & ClassChange['by'];

/** A season's count as the reads answer it, from its `classes` counter: no ground for '', young for 1. */
export function seasonCountOf(counter: ClassCounter): SeasonCount {
  return {
    month: counter.month,
    ground_id: counter.groundId === '' ? null : counter.groundId,
    species: counter.species,
    sex: counter.sex,
    young: counter.young === 1,
    count: counter.count,
    weighed: counter.weighed,
    weightGrams: counter.weightGrams,
  };
}

/** The key a team member's counters are kept under: the team's owner id and the member id, never a user id. */
export const memberCounterKey = (teamId: string, memberId: string) =>
  `${memberCounterPrefix(teamId)}${memberId}`;

/** What every member counter key of a team starts with. */
export const memberCounterPrefix = (teamId: string) => `${teamOwnerId(teamId)}/`;

/**
 * The keys a cull's figures are counted under: its shooter's, and the team's and their member's where it has them. A
 * cull the team kept of a member who erased their account is the team's own (its shooter the team), counted once.
 */
export function counterKeysOf(facts: Pick<CullFacts, 'userId' | 'teamId' | 'memberId'>): string[] {
  if (facts.teamId === null) return [facts.userId];
  const teamKey = teamOwnerId(facts.teamId);
  const shooter = facts.userId === teamKey ? [] : [facts.userId];
  return facts.memberId === null
    ? [...shooter, teamKey]
    : [...shooter, teamKey, memberCounterKey(facts.teamId, facts.memberId)];
}

function cullContribution(facts: CullFacts, sign: 1 | -1): CounterChange[] {
  // Worked out once for every key the cull counts under: the night warning reads the sun's times.
  const warningCodes = warningCodesOf(facts);
  return counterKeysOf(facts).flatMap((userId) => cullContributionUnder(userId, facts, warningCodes, sign));
}

/** The codes of a cull's legal warnings; none for a cull kept before they were counted (no inputs kept). */
export function warningCodesOf(facts: CullFacts): string[] {
  if (facts.warningFacts === null) return [];
  const { species, sex, date } = facts;
  return cullWarningCodes({ ...facts.warningFacts, species, sex, date });
}

function cullContributionUnder(
  userId: string,
  facts: CullFacts,
  warningCodes: readonly string[],
  sign: 1 | -1,
): CounterChange[] {
  const { species, sex, date } = facts;
  const month = monthKey(date);
  // A weight of 0 is a scale not read (see the domain's isWeighed): the cull counts, its weight never averages.
  const weightGrams = facts.weightGrams !== null && facts.weightGrams > 0 ? facts.weightGrams : null;
  const weighed = weightGrams === null ? 0 : sign;
  const changes: CounterChange[] = [
    {
      counter: 'totals',
      key: { userId },
      by: { total: sign, weighed, weightGrams: sign * (weightGrams ?? 0) },
    },
    { counter: 'species', key: { userId, species }, by: { count: sign } },
    { counter: 'months', key: { userId, month }, by: { count: sign } },
    {
      counter: 'classes',
      key: {
        userId,
        month,
        groundId: facts.groundId ?? '',
        species,
        sex,
        young: isYoung(facts.ageEstimate) ? 1 : 0,
      },
      by: { count: sign, weighed, weightGrams: sign * (weightGrams ?? 0) },
    },
  ];
  if (facts.destination !== null) {
    changes.push({
      counter: 'destinations',
      key: { userId, month, destination: facts.destination },
      by: { count: sign },
    });
  }
  for (const code of warningCodes) {
    changes.push({ counter: 'warnings', key: { userId, month, code }, by: { count: sign } });
  }
  return changes;
}

function outingContribution(facts: OutingFacts, sign: 1 | -1): CounterChange[] {
  const tally = outingTally({
    started_at: facts.startedAt,
    ended_at: facts.endedAt,
    cull_count: facts.cullCount,
  });
  return [
    {
      counter: 'outings',
      key: { userId: facts.userId, month: monthKey(outingDate({ started_at: facts.startedAt })) },
      by: {
        outings: sign * tally.outings,
        blank: sign * tally.blank,
        durationMs: sign * tally.durationMs,
        deer: sign * tally.deer,
      },
    },
  ];
}

/**
 * The weighed counts and weights of a set of culls, counted from nothing, and nothing else: for a store whose weights
 * were counted by an earlier rule (a weight of 0 was once counted as weighed) to count them again.
 */
export function weightCountersOf(culls: Iterable<CullFacts>): CounterChange[] {
  return countersOf(culls).flatMap((change): CounterChange[] => {
    if (change.counter === 'totals') return [{ ...change, by: { ...change.by, total: 0 } }];
    if (change.counter === 'classes') return [{ ...change, by: { ...change.by, count: 0 } }];
    return [];
  });
}

/** Sums the counter moves of many changes of culls and outings (a batch), so that each counter is written once. */
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
      if (previous) for (const change of cullContribution(previous, -1)) add(change);
      if (next) for (const change of cullContribution(next, 1)) add(change);
    },
    /** The same for an outing's facts. */
    moveOuting(previous: OutingFacts | undefined, next: OutingFacts | undefined): void {
      if (previous) for (const change of outingContribution(previous, -1)) add(change);
      if (next) for (const change of outingContribution(next, 1)) add(change);
    },
    /** The summed moves, without those that cancel out, so an unchanged cull writes nothing. */
    changes(): CounterChange[] {
      return [...byCounter.values()].filter((change) =>
        Object.values(change.by).some((amount) => amount !== 0),
      );
    },
  };
}
export type CounterSum = ReturnType<typeof createCounterSum>;

/** How the counters move when a cull's facts go from `previous` to `next` (absent: not counted). */
export function counterChanges(
  previous: CullFacts | undefined,
  next: CullFacts | undefined,
): CounterChange[] {
  const sum = createCounterSum();
  sum.move(previous, next);
  return sum.changes();
}

/** The counters of a set of culls and outings counted from nothing: filling in counters a store did not have. */
export function countersOf(culls: Iterable<CullFacts>, outings: Iterable<OutingFacts> = []): CounterChange[] {
  const sum = createCounterSum();
  for (const facts of culls) sum.move(undefined, facts);
  for (const facts of outings) sum.moveOuting(undefined, facts);
  return sum.changes();
}
