import {
  DEER_MANAGEMENT_LIMITS,
  DEER_MANAGEMENT_MESSAGES,
  type CullKind,
  type ProjectedSeason,
  type SuggestedCullRow,
} from '@cull-log/contracts';
import { deerOnGround } from './density';
import { refusal, type FigureRefusal } from './refusal';
import { figure, wholeUp, type WorkingStep } from './working';

/**
 * A suggested cull for one species on one ground, worked out as The Deer Initiative's guidance sets a cull: the
 * population is a bath filled by births and emptied by the cull. Above the target density, a reduction cull takes
 * each season's young and a share of the surplus, so the population reaches the target in the seasons stated; at the
 * target, a maintenance cull takes the season's young. At least the female share of it is female.
 */

/**
 * Recruitment a year as a percentage of the population, by species: the Deer Initiative's rules of thumb for a
 * maintenance cull (see RECRUITMENT_SOURCE). Other species have none: the manager gives one.
 */
export const DEFAULT_RECRUITMENT_PERCENT: Readonly<Record<string, number>> = {
  'Red Deer': 20,
  'Fallow Deer': 20,
  'Sika Deer': 20,
  'Roe Deer': 30,
  Muntjac: 30,
  'Chinese Water Deer': 30,
};

/** Where the default recruitment rates and female share come from, as the app names it. */
export const RECRUITMENT_SOURCE =
  'The Deer Initiative, Best Practice Guide “Cull Planning”: as a rule of thumb a maintenance cull takes at least 20 % of the population a year of red, fallow and sika and about 30 % of roe, muntjac and Chinese water deer, at least half of it female.';

/** At least half of every cull female, because females drive recruitment (RECRUITMENT_SOURCE). */
export const DEFAULT_FEMALE_SHARE_PERCENT = 50;

/**
 * Seasons over which a reduction is spread unless the manager says otherwise. The guidance leaves it to a realistic
 * view of the stalkers and time there are; three is a middle course the working names as a default to change.
 */
export const DEFAULT_SEASONS_TO_TARGET = 3;

export interface CullPlanInput {
  species: string;
  /** Deer on the ground now, before this season's young. */
  population: number;
  /** Deer on the ground at the target density. */
  targetPopulation: number;
  recruitmentPercent: number;
  /** At least this percentage of the cull is female. */
  femaleSharePercent: number;
  /** Seasons in which a reduction reaches the target. */
  seasonsToTarget: number;
  /** The seasons are the default, not the manager's: the working says so, and that they may change it. */
  seasonsByDefault?: boolean;
  /** The seasons are the manager's saved ones: the working says so. */
  seasonsSaved?: boolean;
  /** Without it: a reduction above the target, a maintenance cull at or below it. */
  kind?: CullKind;
  /** The season the cull is for, as shown (`2026/27`); the projection names the seasons after it. */
  firstSeason?: string;
  /** How the recruitment rate was come by, for the working ("the default for Roe Deer"). */
  recruitmentFrom?: string;
}

export interface CullPlan {
  ok: true;
  species: string;
  kind: CullKind;
  population: number;
  targetPopulation: number;
  /** The seasons a reduction takes to reach the target; null for a maintenance cull. */
  seasonsToTarget: number | null;
  /** This season's cull, and how many of it female and male. */
  cull: number;
  female: number;
  male: number;
  rows: SuggestedCullRow[];
  /** The population model season by season: the reduction's seasons to the target, or the maintenance season. */
  projection: ProjectedSeason[];
  steps: WorkingStep[];
}

/** Young born in a season to a population of this size: the recruitment rate of it. */
export const birthsOf = (population: number, recruitmentPercent: number): number =>
  (population * recruitmentPercent) / 100;

/**
 * The population model every suggestion is worked out under: deer next season are deer now plus the young born,
 * less the cull. Recruitment is the young that live to the next count, so other deaths are in it; no deer come or go.
 */
export const nextPopulation = (population: number, recruitmentPercent: number, cull: number): number =>
  Math.max(0, population + birthsOf(population, recruitmentPercent) - cull);

/**
 * One season's cull under the model: the season's young, and for a reduction an even share of the gap to the target
 * over the seasons left, rounded up to whole deer (so the population is at or below the path to the target).
 */
export function seasonCull(
  population: number,
  targetPopulation: number,
  recruitmentPercent: number,
  kind: CullKind,
  seasonsLeft: number,
): number {
  const births = birthsOf(population, recruitmentPercent);
  if (kind === 'maintenance') return wholeUp(births);
  return wholeUp(births + (population - targetPopulation) / seasonsLeft);
}

/** `2026/27` → `2027/28`; anything else gets a number after it ("season 2"). */
function seasonAfter(label: string, step: number): string {
  const match = /^(\d{4})\/\d{2}$/.exec(label);
  if (match === null) return `season ${step + 1}`;
  const year = Number(match[1]) + step;
  return `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
}

/** `n` deer: "1 deer", "2.5 deer". */
const deer = (value: number, digits = 1) => `${figure(value, digits)} deer`;

function checkInput(input: CullPlanInput): FigureRefusal | undefined {
  const M = DEER_MANAGEMENT_MESSAGES;
  if (!(input.recruitmentPercent >= 0 && input.recruitmentPercent <= 100))
    return refusal('recruitment', M.recruitment);
  if (!(input.femaleSharePercent >= 0 && input.femaleSharePercent <= 100))
    return refusal('female_share', M.femaleShare);
  if (
    !Number.isInteger(input.seasonsToTarget) ||
    input.seasonsToTarget < 1 ||
    input.seasonsToTarget > DEER_MANAGEMENT_LIMITS.seasonsToTargetMax
  )
    return refusal('seasons', M.seasonsToTarget);
  if (!(input.population >= 0)) return refusal('population', 'The population is a number of deer, 0 or more');
  if (!(input.targetPopulation >= 0)) return refusal('target_density', M.targetDensity);
  return undefined;
}

/**
 * This season's cull for a population and its target, split by sex and age class, with the working step by step
 * and the model's seasons. A reduction asked for where the population is not above the target is refused on
 * `target_density`.
 */
export function planCull(input: CullPlanInput): CullPlan | FigureRefusal {
  const invalid = checkInput(input);
  if (invalid !== undefined) return invalid;
  const { species, population, targetPopulation: target, recruitmentPercent: rate } = input;
  const kind = input.kind ?? (population > target ? 'reduction' : 'maintenance');
  if (kind === 'reduction' && !(population > target)) {
    return refusal(
      'target_density',
      DEER_MANAGEMENT_MESSAGES.targetNotBelowCurrent(deer(target), deer(population)),
    );
  }
  const seasons = kind === 'reduction' ? input.seasonsToTarget : 1;
  const firstSeason = input.firstSeason ?? 'this season';
  const seasonLabel = (step: number) => (step === 0 ? firstSeason : seasonAfter(firstSeason, step));

  const projection: ProjectedSeason[] = [];
  let start = population;
  for (let step = 0; step < seasons; step += 1) {
    const cull = seasonCull(start, target, rate, kind, seasons - step);
    const births = birthsOf(start, rate);
    const end = nextPopulation(start, rate, cull);
    projection.push({ season: seasonLabel(step), start, births, cull, end });
    start = end;
  }
  const cull = projection[0]!.cull;

  const female = Math.min(cull, wholeUp((cull * input.femaleSharePercent) / 100));
  const male = cull - female;
  const youngShare = rate / (100 + rate);
  const femaleYoung = Math.round(female * youngShare);
  const maleYoung = Math.round(male * youngShare);
  const rows: SuggestedCullRow[] = [
    { species, sex: 'Female', age_class: 'Adult', suggested: female - femaleYoung },
    { species, sex: 'Female', age_class: 'Young', suggested: femaleYoung },
    { species, sex: 'Male', age_class: 'Adult', suggested: male - maleYoung },
    { species, sex: 'Male', age_class: 'Young', suggested: maleYoung },
  ];

  const births = birthsOf(population, rate);
  const steps: WorkingStep[] = [
    {
      label: 'Recruitment rate',
      formula: input.recruitmentFrom ?? `for ${species}, as set`,
      result: `${figure(rate)} % a year`,
    },
    {
      label: 'Young this season',
      formula: `${figure(rate)} % of ${deer(population)}`,
      result: `${figure(births, 2)} young`,
    },
  ];
  if (kind === 'reduction') {
    const surplus = population - target;
    const reduction = surplus / seasons;
    steps.push(
      {
        label: 'Plan',
        formula: `${deer(population)} now, target ${deer(target)}`,
        result: `a reduction cull over ${seasons} season${seasons === 1 ? '' : 's'}${
          input.seasonsByDefault === true
            ? ' (the default: change it to suit the stalkers and time there are)'
            : input.seasonsSaved === true
              ? ' (as saved with the plan last accepted)'
              : ''
        }`,
      },
      {
        label: 'Surplus',
        formula: `${figure(population, 1)} − ${figure(target, 1)}`,
        result: `${deer(surplus)} above the target`,
      },
      {
        label: 'Reduction this season',
        formula: `${figure(surplus, 1)} ÷ ${seasons} season${seasons === 1 ? '' : 's'}`,
        result: deer(reduction, 2),
      },
      {
        label: 'Cull this season',
        formula: `${figure(births, 2)} young + ${figure(reduction, 2)} reduction, rounded up`,
        result: deer(cull, 0),
      },
    );
  } else {
    const note =
      population < target
        ? ': below the target, so this holds it where it is; a smaller cull lets it grow towards the target'
        : population > target
          ? ': above the target, held where it is as asked'
          : '';
    steps.push(
      {
        label: 'Plan',
        formula: `${deer(population)} now, target ${deer(target)}`,
        result: `a maintenance cull${note}`,
      },
      {
        label: 'Cull this season',
        formula: `the season’s ${figure(births, 2)} young, rounded up`,
        result: deer(cull, 0),
      },
    );
  }
  steps.push(
    {
      label: 'Females',
      formula: `at least ${figure(input.femaleSharePercent)} % of ${cull}, rounded up`,
      result: `${female} female, ${male} male`,
    },
    {
      label: 'Young among the deer in autumn',
      formula: `${figure(rate)} ÷ (100 + ${figure(rate)})`,
      result: `${figure(youngShare * 100, 1)} %`,
    },
    {
      label: 'Young in the cull',
      formula: `${female} female × ${figure(youngShare * 100, 1)} %, ${male} male × ${figure(youngShare * 100, 1)} %, each rounded`,
      result: `${femaleYoung} young female, ${maleYoung} young male`,
    },
    {
      label: 'Model',
      formula: 'deer next season = deer now + young − cull',
      result: 'recruitment net of other deaths; no deer come or go',
    },
    ...projection.map((season) => ({
      label: `Season ${season.season}`,
      formula: `${figure(season.start, 1)} + ${figure(season.births, 2)} young − ${season.cull} culled`,
      result: deer(season.end),
    })),
  );
  const last = projection.at(-1)!;
  if (kind === 'reduction') {
    steps.push({
      label: 'Target',
      formula: `after ${seasons} season${seasons === 1 ? '' : 's'}`,
      result: `${deer(last.end)}, at or below the target of ${deer(target)}`,
    });
  }
  return {
    ok: true,
    species,
    kind,
    population,
    targetPopulation: target,
    seasonsToTarget: kind === 'reduction' ? seasons : null,
    cull,
    female,
    male,
    rows,
    projection,
    steps,
  };
}

export interface CullSuggestionRequest {
  species: string;
  /** From the latest count: deer per km². */
  densityPerKm2: number;
  areaKm2: number;
  targetDensityPerKm2: number;
  /** Without it, the species' default (DEFAULT_RECRUITMENT_PERCENT). */
  recruitmentPercent?: number;
  /** Without it, DEFAULT_FEMALE_SHARE_PERCENT. */
  femaleSharePercent?: number;
  /** Without it, DEFAULT_SEASONS_TO_TARGET. */
  seasonsToTarget?: number;
  kind?: CullKind;
  firstSeason?: string;
  /** Which of the values given are the manager's saved ones rather than asked now: the working says so. */
  saved?: { targetDensity?: boolean; recruitment?: boolean; seasons?: boolean };
}

/**
 * The suggested cull from a density and a target density on a ground of known area: both in whole deer, the
 * recruitment rate and the female share the manager's or the defaults, then `planCull`.
 */
export function suggestCull(request: CullSuggestionRequest): CullPlan | FigureRefusal {
  const M = DEER_MANAGEMENT_MESSAGES;
  const { species, densityPerKm2, areaKm2, targetDensityPerKm2 } = request;
  if (!(targetDensityPerKm2 >= 0 && targetDensityPerKm2 <= DEER_MANAGEMENT_LIMITS.targetDensityMax))
    return refusal('target_density', M.targetDensity);
  if (!(areaKm2 > 0)) return refusal('boundary', M.noBoundary);
  const defaultRate = DEFAULT_RECRUITMENT_PERCENT[species];
  const recruitmentPercent = request.recruitmentPercent ?? defaultRate;
  if (recruitmentPercent === undefined) return refusal('recruitment', M.recruitmentUnknown(species));
  if (request.kind === 'reduction' && !(densityPerKm2 > targetDensityPerKm2)) {
    return refusal(
      'target_density',
      M.targetNotBelowCurrent(
        `${figure(targetDensityPerKm2, 1)} deer per km²`,
        `${figure(densityPerKm2, 1)} deer per km²`,
      ),
    );
  }
  const population = deerOnGround(densityPerKm2, areaKm2);
  const targetPopulation = deerOnGround(targetDensityPerKm2, areaKm2);
  const plan = planCull({
    species,
    population,
    targetPopulation,
    recruitmentPercent,
    femaleSharePercent: request.femaleSharePercent ?? DEFAULT_FEMALE_SHARE_PERCENT,
    seasonsToTarget: request.seasonsToTarget ?? DEFAULT_SEASONS_TO_TARGET,
    seasonsByDefault: request.seasonsToTarget === undefined,
    seasonsSaved: request.saved?.seasons === true,
    ...(request.kind !== undefined && { kind: request.kind }),
    ...(request.firstSeason !== undefined && { firstSeason: request.firstSeason }),
    recruitmentFrom:
      request.recruitmentPercent === undefined
        ? `the default for ${species}: ${RECRUITMENT_SOURCE}`
        : request.saved?.recruitment === true
          ? `for ${species}, as saved with the plan last accepted`
          : `for ${species}, as the manager set it`,
  });
  if (!plan.ok) return plan;
  return {
    ...plan,
    steps: [
      {
        label: 'Deer now',
        formula: `${figure(densityPerKm2, 2)} deer per km² × ${figure(areaKm2, 3)} km², to whole deer`,
        result: deer(population, 0),
      },
      {
        label: 'Deer at the target',
        formula: `${figure(targetDensityPerKm2, 2)} deer per km²${
          request.saved?.targetDensity === true ? ' (as saved with the plan last accepted)' : ''
        } × ${figure(areaKm2, 3)} km², to whole deer`,
        result: deer(targetPopulation, 0),
      },
      ...plan.steps,
    ],
  };
}
