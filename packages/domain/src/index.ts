export { decide, evolve, fold, initialState, applyChanges } from './cull-decider';
export type { CullState, Decision, DecisionError } from './cull-decider';
export { toCull, fieldsOf, applyEventToCull } from './cull-read-model';
export {
  computeStats,
  statsFromTally,
  tallyRecords,
  emptyStatsTally,
  addToStatsTally,
  removeFromStatsTally,
  averageWeightKg,
} from './cull-stats';
export type { DashboardStats, StatsRecord, StatsTally } from './cull-stats';
export { CSV_COLUMNS, csvHeader, csvRow, toCsvLine, neutraliseFormula } from './cull-csv';
export { cullSearchText, matchesSearch, normaliseSearch } from './cull-search';
export {
  formatDateUk,
  londonDate,
  londonMonthKey,
  monthKey,
  lastTwelveMonths,
  seasonFor,
  seasonOfDate,
} from './london-calendar';
export type { StalkingSeason } from './london-calendar';
