import {
  valueForSpecies,
  type CullSuggestionQuery,
  type CullSuggestionResponse,
  type SpeciesDensity,
  type SuggestionWorking,
} from '@cull-log/contracts';
import { DEFAULT_FEMALE_SHARE_PERCENT, DEFAULT_RECRUITMENT_PERCENT, suggestCull } from './cull-suggestion';
import type { FigureRefusal } from './refusal';

/** What the manager asked of a suggestion, the ground aside: the query's values, each per species or for all. */
export type SuggestionAsked = Omit<CullSuggestionQuery, 'ground'>;

/**
 * A ground's suggested cull for the season: one for each species counted on it, from its latest density. Each
 * species' target is the manager's, else its density now (hold it: a maintenance cull); its recruitment rate and
 * female share the manager's, else the defaults. A species with no recruitment rate known (a fox, say) has no
 * suggestion, and its working says why; a reduction asked for where a species is not above its target is refused
 * whole, on `target_density`.
 */
export function groundSuggestion(
  densities: readonly SpeciesDensity[],
  areaKm2: number,
  asked: SuggestionAsked,
  season: string,
): CullSuggestionResponse | FigureRefusal {
  const rows: CullSuggestionResponse['rows'] = [];
  const working: SuggestionWorking[] = [];
  for (const density of densities) {
    const { species } = density;
    const recruitment = valueForSpecies(asked.recruitment, species);
    const femaleShare = valueForSpecies(asked.female_share, species);
    const plan = suggestCull({
      species,
      densityPerKm2: density.density_per_km2,
      areaKm2,
      targetDensityPerKm2: valueForSpecies(asked.target_density, species) ?? density.density_per_km2,
      ...(recruitment !== undefined && { recruitmentPercent: recruitment }),
      ...(femaleShare !== undefined && { femaleSharePercent: femaleShare }),
      ...(asked.seasons !== undefined && { seasonsToTarget: asked.seasons }),
      ...(asked.plan !== undefined && { kind: asked.plan }),
      firstSeason: season,
    });
    if (!plan.ok) {
      if (plan.field !== 'recruitment') return plan;
      working.push({
        species,
        kind: 'none',
        population: null,
        target_population: null,
        seasons_to_target: null,
        recruitment: null,
        female_share: null,
        cull: null,
        steps: [],
        projection: [],
        reason: { field: plan.field, message: plan.message },
      });
      continue;
    }
    rows.push(...plan.rows);
    working.push({
      species,
      kind: plan.kind,
      population: plan.population,
      target_population: plan.targetPopulation,
      seasons_to_target: plan.seasonsToTarget,
      recruitment: recruitment ?? DEFAULT_RECRUITMENT_PERCENT[species] ?? null,
      female_share: femaleShare ?? DEFAULT_FEMALE_SHARE_PERCENT,
      cull: plan.cull,
      steps: plan.steps,
      projection: plan.projection,
    });
  }
  return { rows, working };
}
