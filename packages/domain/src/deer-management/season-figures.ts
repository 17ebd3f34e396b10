import type { Count, Ground, GroundSeasonFigures, Outing } from '@cull-log/contracts';
import { outingDate } from '../outing-figures';
import { inSeason, type Season } from '../seasons';
import type { DeerValues } from '../settings-plans';
import { groundAreaKm2 } from './density';
import { effortFigures, outingHours } from './effort';
import { groundDensities } from './ground-density';
import { groundSuggestion } from './ground-suggestion';

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A ground's deer management in a season, for the season report: the season's counts, each species' density from
 * them, the effort of its ended outings, and the cull suggested from the latest density by the season's end with the
 * user's values saved for the ground (`saved`), else the defaults. Undefined for a ground with nothing counted or seen in the season (no count, and no outing whose
 * sightings were recorded). `counts` are the ground's, read with its area; `outings` the ground's.
 */
export function groundSeasonFigures(
  ground: Pick<Ground, 'id' | 'name' | 'boundary'>,
  outings: readonly Outing[],
  counts: readonly Count[],
  season: Season,
  saved?: DeerValues,
): GroundSeasonFigures | undefined {
  const seasonCounts = counts
    .filter((count) => inSeason(count.date, season))
    .sort((a, b) => compareText(a.date, b.date) || compareText(a.created_at, b.created_at));
  const seasonOutings = outings.filter((outing) => inSeason(outingDate(outing), season));
  if (seasonCounts.length === 0 && !seasonOutings.some((outing) => outing.sightings !== null))
    return undefined;
  const areaKm2 = groundAreaKm2(ground.boundary) ?? null;
  const effort = effortFigures(
    seasonOutings.flatMap((outing) => {
      const hours = outingHours(outing.started_at, outing.ended_at);
      if (hours === null) return [];
      const seen = outing.sightings?.reduce((sum, line) => sum + line.count, 0) ?? null;
      return [{ hours, hunters: outing.hunters, seen, culled: outing.cull_count }];
    }),
  );
  const suggestion =
    areaKm2 === null
      ? undefined
      : groundSuggestion(
          groundDensities(
            counts.filter((count) => count.date <= season.to),
            areaKm2,
          ),
          areaKm2,
          {},
          season.label,
          saved,
        );
  return {
    ground_id: ground.id,
    name: ground.name,
    area_km2: areaKm2,
    counts: seasonCounts.map((count) => ({
      date: count.date,
      method: count.method,
      items: count.items,
      dung_deer_per_km2: count.dung?.deer_per_km2 ?? null,
    })),
    densities: areaKm2 === null ? [] : groundDensities(seasonCounts, areaKm2),
    effort: {
      outings: effort.outings,
      hunter_hours: effort.hunterHours,
      seen: effort.seen,
      culled: effort.culled,
      sightings_per_hunter_hour: effort.sightingsPerHunterHour,
      hours_per_deer: effort.hoursPerDeer,
    },
    suggested: suggestion === undefined || !('rows' in suggestion) ? [] : suggestion.rows,
  };
}
