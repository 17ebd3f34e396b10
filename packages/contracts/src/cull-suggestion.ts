import { z } from 'zod';
import { DEER_MANAGEMENT_LIMITS, DEER_MANAGEMENT_MESSAGES } from './deer-management-words';
import { SPECIES } from './enums';
import { GroundQueryId } from './counts';
import { WorkingStep } from './working-step';

/**
 * GET /api/plans/:season/suggestion?ground=<id>: a suggested cull for each species counted on a ground, from its
 * latest density, a target density, a recruitment rate and a female share, with the arithmetic shown.
 */

const M = DEER_MANAGEMENT_MESSAGES;
const L = DEER_MANAGEMENT_LIMITS;

type Species = (typeof SPECIES)[number];

/** Values given per species in a query: one for every species (`8`), and each species' own (`Roe Deer:8`). */
export interface PerSpeciesValues {
  all?: number;
  species: Partial<Record<Species, number>>;
}

const VALUE = /^\s*(?:(.+?)\s*:\s*)?(\d+(?:\.\d+)?)\s*$/;
const isSpecies = (name: string): name is Species => (SPECIES as readonly string[]).includes(name);

/** Every species' value or one for all, from the text the value gives: `8`, `Roe Deer:8`, repeated as need be. */
export function valueForSpecies(values: PerSpeciesValues | undefined, species: string): number | undefined {
  if (values === undefined) return undefined;
  return (isSpecies(species) ? values.species[species] : undefined) ?? values.all;
}

/**
 * A query value that may be given once for every species or once a species: `target_density=8`, or
 * `target_density=Roe Deer:8&target_density=Fallow Deer:12`. Each number from `min` to `max`.
 */
function perSpecies(message: string, min: number, max: number) {
  const refusal = `${message}: give a number, or a species and a number such as “Roe Deer:8”`;
  return z
    .union([z.string(), z.array(z.string()).max(SPECIES.length + 1)], { error: refusal })
    .transform((given, context): PerSpeciesValues => {
      const values: PerSpeciesValues = { species: {} };
      for (const text of typeof given === 'string' ? [given] : given) {
        const match = VALUE.exec(text);
        const number = match === null ? Number.NaN : Number(match[2]);
        if (match === null || !(number >= min && number <= max)) {
          context.addIssue({ code: 'custom', message: refusal });
          return z.NEVER;
        }
        const name = match[1];
        if (name === undefined) {
          if (values.all !== undefined) {
            context.addIssue({ code: 'custom', message: `${message}: give one value for every species` });
            return z.NEVER;
          }
          values.all = number;
        } else if (!isSpecies(name)) {
          context.addIssue({
            code: 'custom',
            message: `${message}: “${name}” is not a species from the list`,
          });
          return z.NEVER;
        } else if (values.species[name] !== undefined) {
          context.addIssue({ code: 'custom', message: `${message}: give ${name} once` });
          return z.NEVER;
        } else {
          values.species[name] = number;
        }
      }
      return values;
    });
}

export const CULL_KINDS = ['reduction', 'maintenance'] as const;
export type CullKind = (typeof CULL_KINDS)[number];

/**
 * Query of GET (and POST, which accepts it) /api/plans/:season/suggestion. A value left out is the user's saved one,
 * else the default: the species' recruitment rate (the Deer Initiative's rules of thumb), at least half female, the
 * target the current density (hold it), a reduction spread over three seasons. `plan` asks for a reduction or a
 * maintenance cull whatever the density; without it a species above its target is reduced, at or below it held.
 */
export const CullSuggestionQuery = z.strictObject({
  ground: GroundQueryId,
  /** A team's ground: from its members' counts, accepted (by a manager) into the team's plan. */
  team: z.string({ error: 'team must be given once' }).min(1).optional(),
  target_density: perSpecies(M.targetDensity, 0, L.targetDensityMax).optional(),
  recruitment: perSpecies(M.recruitment, 0, 100).optional(),
  female_share: perSpecies(M.femaleShare, 0, 100).optional(),
  seasons: z.coerce
    .number({ error: M.seasonsToTarget })
    .int({ error: M.seasonsToTarget })
    .min(1, { error: M.seasonsToTarget })
    .max(L.seasonsToTargetMax, { error: M.seasonsToTarget })
    .optional(),
  plan: z.enum(CULL_KINDS, { error: 'Plan is reduction or maintenance' }).optional(),
});
export type CullSuggestionQuery = z.infer<typeof CullSuggestionQuery>;

/** A line of the suggestion: how many of a species, sex and age class to cull in the season. */
export const SuggestedCullRow = z.object({
  species: z.string(),
  sex: z.enum(['Male', 'Female']),
  age_class: z.enum(['Adult', 'Young']),
  suggested: z.number().int().min(0),
});
export type SuggestedCullRow = z.infer<typeof SuggestedCullRow>;

/** A season of the population model: deer at its start, young born, the cull, deer at its end. */
export const ProjectedSeason = z.object({
  season: z.string(),
  start: z.number().min(0),
  births: z.number().min(0),
  cull: z.number().int().min(0),
  end: z.number().min(0),
});
export type ProjectedSeason = z.infer<typeof ProjectedSeason>;

/** Where a value of a suggestion came from: the query, the user's saved values for the ground, or the default. */
export const VALUE_SOURCES = ['given', 'saved', 'default'] as const;
export const ValueSource = z.enum(VALUE_SOURCES);
export type ValueSource = z.infer<typeof ValueSource>;

/** Where each of the values a species' suggestion was worked out with came from. */
export const SuggestionSources = z.object({
  target_density: ValueSource,
  recruitment: ValueSource,
  female_share: ValueSource,
  seasons: ValueSource,
});
export type SuggestionSources = z.infer<typeof SuggestionSources>;

/**
 * How one species' suggestion was worked out: the plan, the numbers it used, the steps and the model's seasons. A
 * species with no suggestion (no recruitment rate known for it, say) has kind `none` and says why in `reason`.
 */
export const SuggestionWorking = z.object({
  species: z.string(),
  kind: z.enum([...CULL_KINDS, 'none']),
  population: z.number().int().min(0).nullable(),
  target_population: z.number().int().min(0).nullable(),
  seasons_to_target: z.number().int().min(1).nullable(),
  recruitment: z.number().min(0).max(100).nullable(),
  female_share: z.number().min(0).max(100).nullable(),
  cull: z.number().int().min(0).nullable(),
  steps: z.array(WorkingStep),
  projection: z.array(ProjectedSeason),
  reason: z.object({ field: z.string(), message: z.string() }).optional(),
  /** The target density used, deer per km² (the density now when none was set). */
  target_density: z.number().min(0).optional(),
  /** The seasons a reduction is spread over, as set or by default (a maintenance cull takes one). */
  seasons: z.number().int().min(1).optional(),
  sources: SuggestionSources.optional(),
});
export type SuggestionWorking = z.infer<typeof SuggestionWorking>;

export const CullSuggestionResponse = z.object({
  rows: z.array(SuggestedCullRow),
  working: z.array(SuggestionWorking),
});
export type CullSuggestionResponse = z.infer<typeof CullSuggestionResponse>;
