import {
  valueForSpecies,
  type CullSuggestionQuery,
  type CullSuggestionResponse,
  type SpeciesDensity,
  type SuggestionWorking,
  type ValueSource,
} from '@cull-log/contracts';
import type { DeerValues } from '../settings-plans';
import {
  DEFAULT_FEMALE_SHARE_PERCENT,
  DEFAULT_RECRUITMENT_PERCENT,
  DEFAULT_SEASONS_TO_TARGET,
  suggestCull,
} from './cull-suggestion';
import type { FigureRefusal } from './refusal';

/** What the manager asked of a suggestion, the ground aside: the query's values, each per species or for all. */
export type SuggestionAsked = Omit<CullSuggestionQuery, 'ground'>;

type SpeciesValue = 'target_density' | 'recruitment' | 'female_share';

/** A value as asked, else as saved for the ground, else none (the default), and which it was. */
function pick(
  asked: number | undefined,
  saved: number | undefined,
): { value: number | undefined; source: ValueSource } {
  if (asked !== undefined) return { value: asked, source: 'given' };
  if (saved !== undefined) return { value: saved, source: 'saved' };
  return { value: undefined, source: 'default' };
}

const savedFor = (saved: DeerValues | undefined, species: string, key: SpeciesValue) =>
  saved?.species.find((line) => line.species === species)?.[key];

/**
 * The values to save for a ground when a suggestion worked out with them is accepted: for each species suggested
 * (and any saved before and not counted now), each value asked, else the one saved; the defaults are not saved, so a
 * species left to them follows them. Set whole for the ground.
 */
export function deerValuesToSave(
  species: readonly string[],
  asked: SuggestionAsked,
  saved: DeerValues | undefined,
): DeerValues {
  const named = [...new Set([...species, ...(saved?.species.map((line) => line.species) ?? [])])].sort();
  const lines = named.flatMap((name) => {
    const line: DeerValues['species'][number] = { species: name };
    for (const key of ['target_density', 'recruitment', 'female_share'] as const) {
      const value = species.includes(name)
        ? pick(valueForSpecies(asked[key], name), savedFor(saved, name, key)).value
        : savedFor(saved, name, key);
      if (value !== undefined) line[key] = value;
    }
    return Object.keys(line).length > 1 ? [line] : [];
  });
  const seasons = asked.seasons ?? saved?.seasons;
  return { species: lines, ...(seasons !== undefined && { seasons }) };
}

/**
 * A ground's suggested cull for the season: one for each species counted on it, from its latest density. Each
 * species' target is the manager's (asked now, else saved for the ground), else its density now (hold it: a
 * maintenance cull); its recruitment rate, female share and seasons the manager's likewise, else the defaults. A species with no recruitment rate known (a fox, say) has no
 * suggestion, and its working says why; a reduction asked for where a species is not above its target is refused
 * whole, on `target_density`.
 */
export function groundSuggestion(
  densities: readonly SpeciesDensity[],
  areaKm2: number,
  asked: SuggestionAsked,
  season: string,
  saved?: DeerValues,
): CullSuggestionResponse | FigureRefusal {
  const rows: CullSuggestionResponse['rows'] = [];
  const working: SuggestionWorking[] = [];
  for (const density of densities) {
    const { species } = density;
    const valueOf = (key: SpeciesValue) =>
      pick(valueForSpecies(asked[key], species), savedFor(saved, species, key));
    const target = valueOf('target_density');
    const { value: recruitment, source: recruitmentSource } = valueOf('recruitment');
    const { value: femaleShare, source: femaleShareSource } = valueOf('female_share');
    const seasons = pick(asked.seasons, saved?.seasons);
    const targetDensity = target.value ?? density.density_per_km2;
    const sources = {
      target_density: target.source,
      recruitment: recruitmentSource,
      female_share: femaleShareSource,
      seasons: seasons.source,
    };
    const plan = suggestCull({
      species,
      densityPerKm2: density.density_per_km2,
      areaKm2,
      targetDensityPerKm2: targetDensity,
      ...(recruitment !== undefined && { recruitmentPercent: recruitment }),
      ...(femaleShare !== undefined && { femaleSharePercent: femaleShare }),
      ...(seasons.value !== undefined && { seasonsToTarget: seasons.value }),
      ...(asked.plan !== undefined && { kind: asked.plan }),
      firstSeason: season,
      saved: {
        targetDensity: target.source === 'saved',
        recruitment: recruitmentSource === 'saved',
        seasons: seasons.source === 'saved',
      },
    });
    const asUsed = {
      target_density: targetDensity,
      seasons: seasons.value ?? DEFAULT_SEASONS_TO_TARGET,
      sources,
    };
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
        ...asUsed,
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
      ...asUsed,
    });
  }
  return { rows, working };
}
