export { densityPerKm2, deerOnGround, groundAreaKm2 } from './density';
export type { Density } from './density';
export { groundDensities } from './ground-density';
export { deerValuesToSave, groundSuggestion } from './ground-suggestion';
export { groundTrends } from './ground-trends';
export type { GroundTrendsInput, TrendCull, TrendOuting } from './ground-trends';
export { planTargetsOf, plansWithSuggestion } from './suggestion-plan';
export type { SuggestionAsked } from './ground-suggestion';
export type { DensityCount } from './ground-density';
export { DUNG_COUNT_FORMULA, dungCountDensity } from './dung-count';
export type { DungCountInput, DungDensity } from './dung-count';
export { effortFigures, outingHours } from './effort';
export type { EffortFigures, OutingEffort } from './effort';
export { effortSignal, STEADY_WITHIN_PERCENT, trendOf } from './trend';
export type { EffortSignal, Trend, TrendDirection, TrendPoint } from './trend';
export {
  birthsOf,
  DEFAULT_FEMALE_SHARE_PERCENT,
  DEFAULT_RECRUITMENT_PERCENT,
  DEFAULT_SEASONS_TO_TARGET,
  nextPopulation,
  planCull,
  RECRUITMENT_SOURCE,
  seasonCull,
  suggestCull,
} from './cull-suggestion';
export type { CullPlan, CullPlanInput, CullSuggestionRequest } from './cull-suggestion';
export type { FigureRefusal } from './refusal';
export { workingLine } from './working';
export {
  COUNTS_CSV_HEADERS,
  countsCsvHeader,
  countsCsvRows,
  SIGHTINGS_CSV_HEADERS,
  sightingsCsvHeader,
  sightingsCsvRows,
} from './deer-management-csv';
export { groundSeasonFigures } from './season-figures';
