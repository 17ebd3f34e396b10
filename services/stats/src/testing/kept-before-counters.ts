import { seasonMonths, seasonOfKey } from '@cull-log/domain';
import type { StatsAggregates, StatsWindow } from '../store/stats-store';

// A store written before the counters holds alice's two foxes (2026-05-02, 7250 g; 2026-04-30, unweighed) and bob's
// muntjac, and no counters: each adapter's test writes them its own way, then reads alice's figures twice.

/** The window alice's figures are read for. */
export const KEPT_BEFORE_COUNTERS_WINDOW: StatsWindow = {
  userId: 'alice',
  months: ['2026-04', '2026-05'],
  seasonMonths: seasonMonths(seasonOfKey('2026-27')),
};

/** Alice's figures once her kept culls are counted, once. */
export const KEPT_BEFORE_COUNTERS_FIGURES: StatsAggregates = {
  total: 2,
  speciesCounts: { Fox: 2 },
  weightGrams: 7250,
  weighed: 1,
  perMonth: { '2026-04': 1, '2026-05': 1 },
  seasonSpeciesBySex: { Fox: { Male: 1, Female: 1 } },
  seasonOutings: { outings: 0, blank: 0, durationMs: 0, deer: 0 },
  seasonDestinations: {},
  seasonWarnings: {},
  position: 0,
};
