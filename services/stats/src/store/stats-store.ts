import type { ProjectionStore } from '@cull-log/projection';

export type { ApplyOutcome } from '@cull-log/projection';

/** The facts the dashboard needs about one live cull. */
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
  /** Inclusive YYYY-MM-DD bounds of the current stalking season. */
  season: { from: string; to: string };
}

/** Counts and sums for one user, straight from the store's own aggregation. */
export interface StatsAggregates {
  total: number;
  speciesCounts: Record<string, number>;
  weightGrams: number;
  weighed: number;
  /** Counts for the window's months (months without culls may be absent). */
  perMonth: Record<string, number>;
  seasonSpeciesBySex: Record<string, Record<string, number>>;
  /** Global position of the newest event applied when these figures were read. */
  position: number;
}

/** The stats projection: `clear` forgets every cull as well as the versions and the checkpoint. */
export interface StatsStore extends ProjectionStore {
  aggregates(window: StatsWindow): Promise<StatsAggregates>;
}
