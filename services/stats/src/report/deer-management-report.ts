import type {
  GroundSeasonFigures,
  Plan,
  PlanProgressRow,
  SeasonCount,
  SeasonDeerManagement,
  SeasonEffort,
  SpeciesDensity,
} from '@cull-log/contracts';
import { planClassOf, planTargetsOf, type PlanCount } from '@cull-log/domain';

type ReportClass = PlanProgressRow['class'];
const CLASS_ORDER: readonly ReportClass[] = ['Male', 'Female', 'Juvenile', 'Unknown'];
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One species and class on a ground: the cull suggested, the plan's target and what was culled. */
export interface SuggestedAgainstActual {
  species: string;
  class: ReportClass;
  /** Null where nothing was suggested for the species (none counted, or no recruitment rate known). */
  suggested: number | null;
  /** Null where the ground's plan has no target for it. */
  plan: number | null;
  culled: number;
}

/** A ground's deer-management part of the season report. */
export interface GroundDeerManagementReport {
  name: string;
  areaKm2: number | null;
  counts: SeasonCount[];
  densities: SpeciesDensity[];
  effort: SeasonEffort;
  againstActual: SuggestedAgainstActual[];
}

/**
 * Each ground's suggested cull beside its plan and its actual cull of the season, by species and class (adult males,
 * adult females, and the young of both sexes wherever a suggestion or the plan counts them apart).
 */
function againstActual(
  figures: GroundSeasonFigures,
  counts: readonly PlanCount[],
  plans: readonly Plan[],
): SuggestedAgainstActual[] {
  const plan = plans.find((each) => each.ground_id === figures.ground_id)?.targets ?? [];
  const suggested = planTargetsOf(figures.suggested);
  const juvenileSpecies = new Set(
    [...suggested, ...plan].filter((target) => target.class === 'Juvenile').map((target) => target.species),
  );
  const lines = new Map<string, SuggestedAgainstActual>();
  const lineOf = (species: string, rowClass: ReportClass) => {
    const key = `${species}\u0000${rowClass}`;
    let line = lines.get(key);
    if (line === undefined) {
      line = { species, class: rowClass, suggested: null, plan: null, culled: 0 };
      lines.set(key, line);
    }
    return line;
  };
  for (const target of suggested) lineOf(target.species, target.class).suggested = target.target;
  for (const target of plan) lineOf(target.species, target.class).plan = target.target;
  for (const count of counts) {
    if (count.ground_id !== figures.ground_id || count.count === 0) continue;
    lineOf(count.species, planClassOf(count, juvenileSpecies)).culled += count.count;
  }
  return [...lines.values()].sort(
    (a, b) =>
      compareText(a.species, b.species) || CLASS_ORDER.indexOf(a.class) - CLASS_ORDER.indexOf(b.class),
  );
}

/** The deer-management part of a season report: a ground for each the records service found figures for. */
export function deerManagementReport(
  figures: SeasonDeerManagement,
  counts: readonly PlanCount[],
  plans: readonly Plan[],
): GroundDeerManagementReport[] {
  return figures.grounds.map((ground) => ({
    name: ground.name,
    areaKm2: ground.area_km2,
    counts: ground.counts,
    densities: ground.densities,
    effort: ground.effort,
    againstActual: againstActual(ground, counts, plans),
  }));
}
