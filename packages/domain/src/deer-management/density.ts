import { DEER_MANAGEMENT_MESSAGES, type GroundBoundary } from '@cull-log/contracts';
import { groundAreaHectares } from '../ground-size';
import { refusal, type FigureRefusal } from './refusal';
import { figure, type WorkingStep } from './working';

const HECTARES_PER_KM2 = 100;

/** A ground's area in km², from its drawn boundary (see groundAreaHectares); undefined for a ground with none. */
export function groundAreaKm2(boundary: GroundBoundary | null | undefined): number | undefined {
  if (boundary === null || boundary === undefined) return undefined;
  const km2 = groundAreaHectares(boundary) / HECTARES_PER_KM2;
  return km2 > 0 ? km2 : undefined;
}

export interface Density {
  ok: true;
  densityPerKm2: number;
  step: WorkingStep;
}

/**
 * Deer per km²: the deer counted on a ground over its area. A ground with no boundary has no area, and is refused
 * with the words that say what to do ("draw the boundary").
 */
export function densityPerKm2(deer: number, areaKm2: number | undefined): Density | FigureRefusal {
  if (areaKm2 === undefined || !(areaKm2 > 0))
    return refusal('boundary', DEER_MANAGEMENT_MESSAGES.noBoundary);
  const densityPerKm2 = deer / areaKm2;
  return {
    ok: true,
    densityPerKm2,
    step: {
      label: 'Density',
      formula: `${figure(deer)} deer ÷ ${figure(areaKm2)} km²`,
      result: `${figure(densityPerKm2, 1)} deer per km²`,
    },
  };
}

/** The deer a density stands for on a ground, in whole deer: a population is counted in animals. */
export const deerOnGround = (densityPerKm2: number, areaKm2: number): number =>
  Math.round(densityPerKm2 * areaKm2);
