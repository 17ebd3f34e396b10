import type { ProjectionStore } from '@cull-log/projection';

/**
 * What the dashboard counts of one live cull. The store keeps it per cull only so that an amendment or a
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
}

/** Which calendar buckets "now" falls into, worked out by the caller from the clock. */
export interface StatsWindow {
  userId: string;
  /** The months to count, as YYYY-MM, oldest first. */
  months: readonly string[];
  /** The current stalking season's label, e.g. '2026/27'. */
  season: string;
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
  /** Global position of the newest event applied when these figures were read. */
  position: number;
}

/**
 * The stats projection: per-user counters, moved in the same transaction as the version guard and the
 * checkpoint, so a read costs the same however many culls the user has. `clear` forgets everything.
 */
export interface StatsStore extends ProjectionStore {
  aggregates(window: StatsWindow): Promise<StatsAggregates>;
}
