import type { Plan, SeasonStart } from '@cull-log/contracts';
import type { MemberAllocation, OutingTally, PlanCount, WarningFacts } from '@cull-log/domain';
import type { ProjectionStore } from '@cull-log/projection';

/**
 * What the figures count of one live cull. The store keeps it per cull only so that an amendment, a placement or a
 * deletion can take the cull's old contribution back out of the counters.
 */
export interface CullFacts {
  userId: string;
  species: string;
  sex: string;
  /** YYYY-MM-DD as the user entered it (a calendar date, so its month is its first seven characters). */
  date: string;
  /** Whole grams, like the domain's tally, so sums are exact integers. */
  weightGrams: number | null;
  /** The age estimate: a young animal counts as Juvenile where a plan splits juveniles. */
  ageEstimate: string;
  /** Where the carcass went, when recorded. */
  destination: string | null;
  groundId: string | null;
  outingId: string | null;
  /**
   * The team whose counters the cull also moved (its ground's owner was the team when it was placed there), and the
   * shooter's member id in it (null when they had no link): so that a change takes out exactly what was put in.
   */
  teamId: string | null;
  memberId: string | null;
  /**
   * What its legal warnings are worked out from beside its species, sex and date (see the domain's cullWarnings);
   * null for a cull kept before the warnings were counted, which counts none until the projection is rebuilt.
   */
  warningFacts: WarningInputs | null;
}

/** A cull's fields its legal warnings read beside its species, sex and date: time, place and rifle. */
export type WarningInputs = Omit<WarningFacts, 'species' | 'sex' | 'date'>;

/** What the outing figures count of one live outing. */
export interface OutingFacts {
  userId: string;
  startedAt: string;
  endedAt: string | null;
  /** Live culls placed in the outing. */
  cullCount: number;
}

/** Which calendar buckets a read covers, worked out by the caller from the clock and the user's season start. */
export interface StatsWindow {
  userId: string;
  /** The months to count, as YYYY-MM, oldest first. */
  months: readonly string[];
  /** The twelve months (YYYY-MM) of the season asked for, by the user's start. */
  seasonMonths: readonly string[];
}

/** Counts and sums for one user, read from the counters the projection keeps. */
export interface StatsAggregates {
  total: number;
  speciesCounts: Record<string, number>;
  weightGrams: number;
  weighed: number;
  /** Counts for the window's months (months without culls are absent). */
  perMonth: Record<string, number>;
  seasonSpeciesBySex: Record<string, Record<string, number>>;
  /** The season's outings, summed over its months. */
  seasonOutings: OutingTally;
  /** The season's carcass destinations recorded, with their counts. */
  seasonDestinations: Record<string, number>;
  /** How many of the season's culls have each legal warning, by its code. */
  seasonWarnings: Record<string, number>;
  /** Global position of the newest event applied when these figures were read. */
  position: number;
}

/** A season's counts by ground, species, sex and month, as the season report and plan progress read them. */
export interface SeasonCount extends PlanCount {
  month: string;
  weighed: number;
  weightGrams: number;
}

/** What plan progress and the season report read of one user's season. */
export interface SeasonRead {
  counts: SeasonCount[];
  /** Carcass destinations recorded in the season, with their counts. */
  destinations: Record<string, number>;
  /** How many of the season's culls have each legal warning (close season, night, calibre), by its code. */
  warnings: Record<string, number>;
  outings: OutingTally;
  /** The season's plans, none until set. */
  plans: Plan[];
  /** The user's grounds' names, archived ones included. */
  groundNames: Record<string, string>;
  position: number;
}

/** One member's season counts in a team, by member id (never a user id). */
export interface MemberSeasonCounts {
  memberId: string;
  counts: SeasonCount[];
}

/** Who a member id of a team is, while the person is linked (an erased person's link is gone). */
export interface MemberName {
  memberId: string;
  userId: string;
  name: string;
}

/** What a team's plan progress and season report read beside the team's own season: its members'. */
export interface TeamSeasonRead {
  /** The team's name; undefined for a team the projection has not seen made. */
  name: string | undefined;
  members: MemberSeasonCounts[];
  allocations: MemberAllocation[];
  links: MemberName[];
}

/**
 * The stats projection: per-user counters, moved in the same transaction as the version guard and the
 * checkpoint, so a read costs the same however many culls the user has. A cull on a team's ground also moves the
 * same counters kept under the team (`team-<id>`, see teamCounterKeys) and under its shooter's member id in the team,
 * which are nobody's user id, so the user's erasure leaves them. `clear` forgets everything.
 */
export interface StatsStore extends ProjectionStore {
  /** The user's season start, the default until they set one. */
  seasonStart(userId: string): Promise<SeasonStart>;
  aggregates(window: StatsWindow): Promise<StatsAggregates>;
  /** One season of the user by its twelve months and its key (for the plans). */
  season(userId: string, season: { key: string; months: readonly string[] }): Promise<SeasonRead>;
  /** A team's members' counts of one season, their shares of its plan, their names and the team's name. */
  teamSeason(teamId: string, season: { key: string; months: readonly string[] }): Promise<TeamSeasonRead>;
  /** Takes the user's culls past retention out of every figure (see ProjectionStore). */
  removeRecords(userId: string, recordIds: readonly string[]): Promise<number>;
}
