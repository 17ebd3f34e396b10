import {
  DEFAULT_SEASON_START,
  type SeasonKey,
  type SeasonStart,
  type StatsResponse,
} from '@cull-log/contracts';
import { londonMonthKey, monthKey } from './london-calendar';
import { currentSeason, seasonMonths, seasonOfDateBy, seasonOfKey } from './seasons';

/** The dashboard figures: StatsResponse without the projection's position. */
export type DashboardStats = Omit<StatsResponse, 'position'>;

/** What the statistics need from a record (a Cull, or a row a projection keeps). */
export interface StatsRecord {
  date: string;
  species: string;
  sex: string;
  weight?: number | null | undefined;
}

type Counts = Record<string, number>;

/**
 * Running totals from which the figures for any `now` follow. Plain JSON, so a projection may keep its own
 * aggregates in this shape (see statsFromTally).
 */
export interface StatsTally {
  total: number;
  bySpecies: Counts;
  /** Keyed by the record date's month, YYYY-MM. */
  byMonth: Counts;
  /** Keyed by stalking-season label (by the user's season start), then species, then sex. */
  bySeason: Record<string, Record<string, Counts>>;
  weighed: number;
  /** Whole grams, so the mean weight is exact. */
  weightGrams: number;
}

// Species are free text: own-property reads and defineProperty keep a name like "__proto__" an ordinary key.
const countOf = (counts: Counts, key: string) => (Object.hasOwn(counts, key) ? (counts[key] ?? 0) : 0);

function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  // Assigning "__proto__" would replace the prototype; every other key takes the fast path.
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

const bump = (counts: Counts, key: string) => setOwn(counts, key, countOf(counts, key) + 1);

function childOf<T extends object>(parent: Record<string, T>, key: string, make: () => T): T {
  if (Object.hasOwn(parent, key)) return parent[key] as T;
  const child = make();
  setOwn(parent, key, child);
  return child;
}

/**
 * Whether a weight (kg) is one: a weight of 0 (to the gram) is a scale not read, and never enters an average.
 */
export const isWeighed = (weight: number | null | undefined): weight is number =>
  typeof weight === 'number' && Math.round(weight * 1000) > 0;

const hasWeight = (record: StatsRecord): record is StatsRecord & { weight: number } =>
  isWeighed(record.weight);

/** Which season the dashboard's season table shows: the user's start, and a season other than today's. */
export interface SeasonChoice {
  start?: SeasonStart;
  season?: SeasonKey | undefined;
}

export function tallyRecords(
  records: Iterable<StatsRecord>,
  start: SeasonStart = DEFAULT_SEASON_START,
): StatsTally {
  const tally: StatsTally = {
    total: 0,
    bySpecies: {},
    byMonth: {},
    bySeason: {},
    weighed: 0,
    weightGrams: 0,
  };
  for (const record of records) {
    tally.total += 1;
    bump(tally.bySpecies, record.species);
    bump(tally.byMonth, monthKey(record.date));
    const bySpecies = childOf<Record<string, Counts>>(
      tally.bySeason,
      seasonOfDateBy(record.date, start).label,
      () => ({}),
    );
    bump(
      childOf<Counts>(bySpecies, record.species, () => ({})),
      record.sex,
    );
    if (hasWeight(record)) {
      tally.weighed += 1;
      tally.weightGrams += Math.round(record.weight * 1000);
    }
  }
  return tally;
}

const copyCounts = (counts: Counts): Counts => Object.fromEntries(Object.entries(counts));

/** Alphabetical order for species names, the same on every machine. */
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Mean weight in kg to one decimal (halves up), from whole grams so the result is exact. */
export function averageWeightKg(weightGrams: number, weighed: number): number | null {
  if (weighed === 0) return null;
  return Math.round(weightGrams / (weighed * 100)) / 10;
}

/** The figures for the dashboard at `now`, from a tally. */
export function statsFromTally(tally: StatsTally, now: Date, choice: SeasonChoice = {}): DashboardStats {
  const species = Object.entries(tally.bySpecies).sort(([nameA, countA], [nameB, countB]) =>
    countA === countB ? byName(nameA, nameB) : countB - countA,
  );
  const start = choice.start ?? DEFAULT_SEASON_START;
  const chosen = choice.season === undefined ? currentSeason(now, start) : seasonOfKey(choice.season, start);
  const season = { label: chosen.label, from: chosen.from, to: chosen.to };
  const seasonCounts = Object.hasOwn(tally.bySeason, season.label) ? tally.bySeason[season.label] : undefined;
  return {
    total_culls: tally.total,
    this_month: countOf(tally.byMonth, londonMonthKey(now)),
    species_breakdown: Object.fromEntries(species),
    average_weight: averageWeightKg(tally.weightGrams, tally.weighed),
    top_species: species[0]?.[0] ?? null,
    // The season's months as the user counts them (April to March for 2026/27 by default), not the calendar's.
    per_month: seasonMonths(chosen).map((month) => ({ month, count: countOf(tally.byMonth, month) })),
    season: {
      ...season,
      species_by_sex: Object.fromEntries(
        Object.entries(seasonCounts ?? {})
          .sort(([a], [b]) => byName(a, b))
          .map(([name, bySex]) => [name, copyCounts(bySex)]),
      ),
    },
  };
}

/** The dashboard statistics (totals, species, average weight, this month) plus months and season, computed directly from records. */
export function computeStats(
  records: Iterable<StatsRecord>,
  now: Date,
  choice: SeasonChoice = {},
): DashboardStats {
  return statsFromTally(tallyRecords(records, choice.start), now, choice);
}
