import { DEER_MANAGEMENT_MESSAGES } from '@cull-log/contracts';
import { refusal, type FigureRefusal } from './refusal';
import { figure, type WorkingStep } from './working';

/** What a dung (pellet-group) count on cleared plots records. */
export interface DungCountInput {
  /** Plots counted. */
  plots: number;
  /** Each plot's area, in m². */
  plot_area_m2: number;
  /** Pellet groups counted on all the plots together. */
  pellet_groups: number;
  /** Days between clearing the plots and counting them. */
  days_since_clearance: number;
  /** Pellet groups one deer leaves a day, for the species and season (with its source). */
  defecation_rate: number;
}

export interface DungDensity {
  ok: true;
  groupsPerHectare: number;
  deerPerHectare: number;
  deerPerKm2: number;
  /** The formula as shown to the manager. */
  formula: string;
  /** The arithmetic, step by step, with this count's numbers. */
  steps: WorkingStep[];
}

/**
 * The clearance-plot formula of The Deer Initiative's Best Practice Guide "Surveys: Dung Counting" (after Mayle,
 * Peace & Gill, "How many deer?", Forestry Commission Field Book 18, 1999), as FIELD-RULES.md gives it.
 */
export const DUNG_COUNT_FORMULA =
  'density = pellet groups ÷ (plots × plot area) ÷ (days since clearance × defecation rate)';

const SQUARE_METRES_PER_HECTARE = 10_000;
const HECTARES_PER_KM2 = 100;

/**
 * Deer per hectare and per km² from a dung count: the pellet groups on a hectare, over the groups one deer leaves in
 * the days since the plots were cleared. No plots, no area, no days or no rate is refused, naming the field.
 */
export function dungCountDensity(count: DungCountInput): DungDensity | FigureRefusal {
  const M = DEER_MANAGEMENT_MESSAGES;
  if (!(count.plots > 0)) return refusal('dung.plots', M.dungPlots);
  if (!(count.plot_area_m2 > 0)) return refusal('dung.plot_area_m2', M.dungPlotArea);
  if (!(count.pellet_groups >= 0)) return refusal('dung.pellet_groups', M.dungPelletGroups);
  if (!(count.days_since_clearance > 0)) return refusal('dung.days_since_clearance', M.dungDays);
  if (!(count.defecation_rate > 0)) return refusal('dung.defecation_rate', M.dungRate);

  const areaM2 = count.plots * count.plot_area_m2;
  const areaHectares = areaM2 / SQUARE_METRES_PER_HECTARE;
  const groupsPerHectare = count.pellet_groups / areaHectares;
  const groupsPerDeer = count.days_since_clearance * count.defecation_rate;
  const deerPerHectare = groupsPerHectare / groupsPerDeer;
  const deerPerKm2 = deerPerHectare * HECTARES_PER_KM2;
  return {
    ok: true,
    groupsPerHectare,
    deerPerHectare,
    deerPerKm2,
    formula: DUNG_COUNT_FORMULA,
    steps: [
      {
        label: 'Area searched',
        formula: `${figure(count.plots)} plots × ${figure(count.plot_area_m2)} m²`,
        result: `${figure(areaM2)} m² (${figure(areaHectares, 4)} ha)`,
      },
      {
        label: 'Pellet groups per hectare',
        formula: `${figure(count.pellet_groups)} groups ÷ ${figure(areaHectares, 4)} ha`,
        result: `${figure(groupsPerHectare, 1)} groups per ha`,
      },
      {
        label: 'Groups one deer leaves in that time',
        formula: `${figure(count.days_since_clearance)} days × ${figure(count.defecation_rate)} groups a day`,
        result: `${figure(groupsPerDeer)} groups`,
      },
      {
        label: 'Density',
        formula: `${figure(groupsPerHectare, 1)} ÷ ${figure(groupsPerDeer)}`,
        result: `${figure(deerPerHectare, 3)} deer per ha, ${figure(deerPerKm2, 1)} deer per km²`,
      },
    ],
  };
}
