import {
  TREND_SEASONS_MAX,
  type Cull,
  type CullBySex,
  type FigureTrend,
  type GroundTrendsResponse,
  type Outing,
  type SeasonStart,
  type SpeciesTrends,
  type TrendSeasonPoint,
} from '@cull-log/contracts';
import { londonDate } from '../london-calendar';
import { currentSeason, seasonOfDateBy, seasonStartingIn } from '../seasons';
import { effortFigures, outingHours, type OutingEffort } from './effort';
import type { DensityCount } from './ground-density';
import { effortSignal, trendOf, type Trend } from './trend';

/** What the trends need of an outing on the ground. */
export type TrendOuting = Pick<Outing, 'id' | 'started_at' | 'ended_at' | 'hunters' | 'sightings'>;

/** What the trends need of a record on the ground; `count` records alike (1 unless told), as a read model tallies them. */
export type TrendCull = Pick<Cull, 'date' | 'species' | 'sex'> & {
  outing_id?: string | null | undefined;
  count?: number;
};

export interface GroundTrendsInput {
  groundId: string;
  /** The ground's area from its boundary; undefined with none (no densities then). */
  areaKm2: number | undefined;
  /** The user's season start: which season each day belongs to. */
  seasonStart: SeasonStart;
  now: Date;
  /** The ground's counts, as toCount reads them. */
  counts: readonly DensityCount[];
  /** The ground's outings; those under way are left out of effort. */
  outings: readonly TrendOuting[];
  /** The records on the ground. */
  culls: readonly TrendCull[];
}

interface SpeciesCount {
  count: number | null;
  densityPerKm2: number | null;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Each species' deer and density by the latest of these counts naming it (by day, then the later recorded), as
 * groundDensities reads them, but with no area allowed: then a count by sight has no density, and a dung count,
 * whose density is its own, no deer.
 */
function latestCounts(
  counts: readonly DensityCount[],
  areaKm2: number | undefined,
): Map<string, SpeciesCount> {
  const newestFirst = [...counts].sort(
    (a, b) => compareText(b.date, a.date) || compareText(b.created_at, a.created_at),
  );
  const bySpecies = new Map<string, SpeciesCount>();
  for (const count of newestFirst) {
    if (count.dung !== null) {
      const { species, deer_per_km2: density } = count.dung;
      if (!bySpecies.has(species))
        bySpecies.set(species, {
          count: areaKm2 === undefined ? null : Math.round(density * areaKm2),
          densityPerKm2: density,
        });
      continue;
    }
    const totals = new Map<string, number>();
    for (const item of count.items) totals.set(item.species, (totals.get(item.species) ?? 0) + item.count);
    for (const [species, deer] of totals) {
      if (!bySpecies.has(species))
        bySpecies.set(species, { count: deer, densityPerKm2: areaKm2 === undefined ? null : deer / areaKm2 });
    }
  }
  return bySpecies;
}

/** The seasons shown: from the first with anything recorded to the current one, at most TREND_SEASONS_MAX. */
function seasonYears(input: GroundTrendsInput): number[] {
  const yearOf = (date: string) => Number(seasonOfDateBy(date, input.seasonStart).from.slice(0, 4));
  const years = [
    ...input.counts.map((count) => yearOf(count.date)),
    ...input.outings.map((outing) => yearOf(londonDate(new Date(outing.started_at)))),
    ...input.culls.map((cull) => yearOf(cull.date)),
  ];
  if (years.length === 0) return [];
  const last = Math.max(Number(currentSeason(input.now, input.seasonStart).from.slice(0, 4)), ...years);
  const first = Math.max(Math.min(...years), last - TREND_SEASONS_MAX + 1);
  return Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
}

const asFigureTrend = (trend: Trend): FigureTrend => ({
  direction: trend.direction,
  change_per_season_percent: trend.changePerSeasonPercent,
  sentence: trend.sentence,
});

/** One sentence for a species: the deer's trend (density, else count), and what effort says where it is clear. */
function speciesSentence(species: string, trends: SpeciesTrends['trends'], effort: SpeciesTrends['effort']) {
  const deer = trends.density.direction !== 'too_few' ? trends.density : trends.count;
  const effortClear = effort.signal !== 'unclear';
  if (deer.direction !== 'too_few')
    return effortClear ? `${deer.sentence} ${effort.sentence}` : deer.sentence;
  if (effortClear) return effort.sentence;
  const known = [trends.sightings_per_hunter_hour, trends.hours_per_deer].filter(
    (trend) => trend.direction !== 'too_few',
  );
  if (known.length > 0) return known.map((trend) => trend.sentence).join(' ');
  return `${species}: figures from two seasons or more are needed to show which way it points.`;
}

/**
 * One ground's trends, season by season: for each species counted, seen or culled on it, the season's latest count
 * and its density, sightings per hunter-hour and hunter-hours per deer culled on the season's ended outings (see
 * effortFigures), the records by sex, which way each points (see trendOf), what effort says of the deer (see
 * effortSignal) and one sentence. Hours per deer count the records on the ground's outings only: a record with no
 * outing has no hours to set against it. Pure: the caller reads the ground's counts, outings and records.
 */
export function groundTrends(input: GroundTrendsInput): GroundTrendsResponse {
  const seasons = seasonYears(input).map((year) => seasonStartingIn(year, input.seasonStart).label);
  const seasonIndex = new Map(seasons.map((label, index) => [label, index]));
  const indexOf = (date: string) => seasonIndex.get(seasonOfDateBy(date, input.seasonStart).label);

  // Each thing goes in its season's list; one dated outside the seasons shown (index -1) finds none and is left out.
  const countsBySeason = seasons.map((): DensityCount[] => []);
  for (const count of input.counts) countsBySeason[indexOf(count.date) ?? -1]?.push(count);
  const latestBySeason = countsBySeason.map((counts) => latestCounts(counts, input.areaKm2));

  const outingsBySeason = seasons.map((): Array<TrendOuting & { hours: number }> => []);
  for (const outing of input.outings) {
    const hours = outingHours(outing.started_at, outing.ended_at);
    if (hours === null) continue;
    outingsBySeason[indexOf(londonDate(new Date(outing.started_at))) ?? -1]?.push({ ...outing, hours });
  }

  const culledOnOuting = new Map<string, number>();
  const cullsBySeason = seasons.map(() => new Map<string, CullBySex>());
  for (const cull of input.culls) {
    const count = cull.count ?? 1;
    if (cull.outing_id !== undefined && cull.outing_id !== null) {
      const key = `${cull.outing_id}|${cull.species}`;
      culledOnOuting.set(key, (culledOnOuting.get(key) ?? 0) + count);
    }
    const bySpecies = cullsBySeason[indexOf(cull.date) ?? -1];
    if (bySpecies === undefined) continue;
    const bySex = bySpecies.get(cull.species) ?? { Male: 0, Female: 0, Unknown: 0 };
    bySex[cull.sex] += count;
    bySpecies.set(cull.species, bySex);
  }

  const named = new Set<string>();
  for (const latest of latestBySeason) for (const species of latest.keys()) named.add(species);
  for (const outings of outingsBySeason)
    for (const outing of outings) for (const line of outing.sightings ?? []) named.add(line.species);
  for (const bySpecies of cullsBySeason) for (const species of bySpecies.keys()) named.add(species);

  const species = [...named].sort(compareText).map((name): SpeciesTrends => {
    const points = seasons.map((season, index): TrendSeasonPoint => {
      const counted = latestBySeason[index]!.get(name);
      const effort = effortFigures(
        outingsBySeason[index]!.map((outing): OutingEffort => ({
          hours: outing.hours,
          hunters: outing.hunters,
          seen:
            outing.sightings === null
              ? null
              : outing.sightings
                  .filter((line) => line.species === name)
                  .reduce((sum, line) => sum + line.count, 0),
          culled: culledOnOuting.get(`${outing.id}|${name}`) ?? 0,
        })),
      );
      return {
        season,
        count: counted?.count ?? null,
        density_per_km2: counted?.densityPerKm2 ?? null,
        sightings_per_hunter_hour: effort.sightingsPerHunterHour,
        hours_per_deer: effort.hoursPerDeer,
        cull: cullsBySeason[index]!.get(name) ?? { Male: 0, Female: 0, Unknown: 0 },
      };
    });
    const series = (value: (point: TrendSeasonPoint) => number | null) =>
      points.map((point) => ({ season: point.season, value: value(point) }));
    const hoursTrend = trendOf(
      series((point) => point.hours_per_deer),
      `Effort per ${name} culled`,
      'hunter-hours',
    );
    const sightingsTrend = trendOf(
      series((point) => point.sightings_per_hunter_hour),
      `The sighting rate of ${name}`,
      'a hunter-hour',
      2,
    );
    const trends = {
      count: asFigureTrend(
        trendOf(
          series((point) => point.count),
          `The ${name} count`,
          'deer',
          0,
        ),
      ),
      density: asFigureTrend(
        trendOf(
          series((point) => point.density_per_km2),
          `${name} density`,
          'deer per km²',
        ),
      ),
      sightings_per_hunter_hour: asFigureTrend(sightingsTrend),
      hours_per_deer: asFigureTrend(hoursTrend),
    };
    const effort = effortSignal(hoursTrend, sightingsTrend);
    return { species: name, points, trends, effort, sentence: speciesSentence(name, trends, effort) };
  });

  return {
    ground_id: input.groundId,
    area_km2: input.areaKm2 ?? null,
    seasons,
    species,
  };
}
