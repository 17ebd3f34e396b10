export { eventEnvelope, eventIdOf, foldStream } from './decider';
export type { Decider, Decision } from './decider';
export { cullDecider, applyChanges } from './cull-decider';
export type { CullState, CullDecision, CullDecisionError } from './cull-decider';
export { toCull, applyEventToCull } from './cull-read-model';
export { averageWeightKg, computeStats, isWeighed, statsFromTally } from './cull-stats';
export type { DashboardStats, SeasonChoice, StatsRecord, StatsTally } from './cull-stats';
export {
  currentSeason,
  inSeason,
  recentSeasons,
  seasonMonths,
  seasonOfDateBy,
  seasonOfKey,
  seasonStartingIn,
} from './seasons';
export type { Season } from './seasons';
export {
  computePlanProgress,
  isYoung,
  memberProgressFromCounts,
  planClassOf,
  planCountsOf,
  progressFromCounts,
} from './plan-progress';
export type { MemberCounts, MemberNaming, PlanCount, PlanRecord } from './plan-progress';
export { computeOutingFigures, outingDate, outingFiguresOf, outingTally } from './outing-figures';
export type { OutingRecord, OutingTally } from './outing-figures';
export {
  CSV_COLUMNS,
  ORIGINAL_CSV_COLUMN_COUNT,
  csvHeader,
  csvRow,
  EXPORT_CSV_EXTRA_HEADERS,
  RECORD_CSV_HEADERS,
  CSV_BOM,
  accountCsvHeader,
  accountCsvRow,
  csvOutingLabel,
  csvWarnings,
  exportCsvHeader,
  exportCsvRow,
  teamExportCsvHeader,
  teamExportCsvRow,
  toCsvLine,
  neutraliseFormula,
} from './cull-csv';
export type { CsvRecordFacts } from './cull-csv';
export { csvChunks } from './csv-chunks';
export { cullSearchText, normaliseSearch } from './cull-search';
export {
  DEER_SPECIES,
  isStalkersWord,
  meaningOfWords,
  readSearch,
  sexLabel,
  sexWord,
} from './stalkers-words';
export type { ReadSearch, WordMeaning } from './stalkers-words';
export {
  monthKey,
  seasonFor,
  seasonOfDate,
  formatDateUk,
  formatMonthUk,
  londonDate,
} from './london-calendar';
export type { StalkingSeason } from './london-calendar';
export { parseGridReference, gridReferenceFor, gridPointFor } from './grid-reference';
export type { GridReferenceParse } from './grid-reference';
export {
  cullWarningCodes,
  cullWarnings,
  withWarnings,
  duplicateTagWarning,
  carcassTagKey,
  firearmMinimumFor,
  boreOf,
  deerRulesFor,
  isInScotland,
  londonInstant,
  warningLine,
  CENTRE_OF_ENGLAND,
} from './field-rules';
export type { WarningFacts, WarningLineFacts, TaggedRecord, FirearmMinimum } from './field-rules';
export { placeFields, placeChanges } from './cull-place';
export { CLOCK_DRIFT_MINUTES, FUTURE_MESSAGES, futureCullCheck, futureCullError } from './cull-moment';
export { muzzleEnergyJoules, loadFields, loadChanges } from './cull-load';
export type { Placed } from './cull-place';
export {
  LARDER_FIELD_NAMES,
  LARDER_CSV_HEADERS,
  larderFields,
  larderEntry,
  larderCsvHeader,
  larderCsvLine,
  teamLarderCsvHeader,
  teamLarderCsvLine,
  inspectionFindings,
  inspectionResult,
  declarationRefusal,
  declarationBar,
  DECLARATION_BARS,
  declaredDealerChanges,
  seasonOfLabel,
} from './larder';
export type { LarderFields, DeclarationBar } from './larder';
export { groundDecider, toGround, groundNameKey, boundaryMiddle } from './ground-decider';
export type { GroundState, GroundCommand, GroundDecision, GroundDecisionError } from './ground-decider';
export { outingDecider, toOuting } from './outing-decider';
export type { OutingState, OutingCommand, OutingDecision, OutingDecisionError } from './outing-decider';
export { countDecider, toCount } from './count-decider';
export type {
  CountCommand,
  CountDecision,
  CountDecisionError,
  CountFields,
  CountState,
} from './count-decider';
export { settingsDecider, plansDecider } from './settings-plans';
export type {
  SettingsState,
  PlansState,
  ChangeSettings,
  SaveDeerValues,
  SettingsCommand,
  SettingsEvent,
  DeerValues,
  SetPlans,
  MemberAllocation,
  PlansEvent,
} from './settings-plans';
export { formatNumber } from './numbers';
export { inviteClosed, teamDecider } from './team-decider';
export type {
  TeamCommand,
  TeamDecision,
  TeamDecisionError,
  TeamInvite,
  TeamPermit,
  TeamState,
} from './team-decider';
export { memberLinksDecider } from './member-links';
export type { LinkMember, MemberLinksState } from './member-links';
export {
  FORMER_MEMBER,
  HIDDEN_FROM_VIEWERS,
  keptCullOf,
  keptRecordOf,
  LEFT_WITH_FORMER_MEMBER,
  withoutFields,
} from './kept-culls';
export { PLAUSIBLE_WEIGHT_KG, weightToConfirm } from './plausible-weight';
export {
  boundarySizeRefusal,
  distanceMetres,
  formatHectares,
  groundAreaHectares,
  groundSpanMetres,
} from './ground-size';
export {
  destinationsOf,
  LEGAL_WARNINGS,
  NOT_RECORDED,
  seasonSummary,
  warningsOf,
  type SummaryRecord,
} from './season-summary';
export {
  cellText,
  CULL_LOG_COLUMN_TARGETS,
  defaultsNeeded,
  duplicateKey,
  FIRST_LIGHT_COLUMNS,
  guessMapping,
  IMPORT_MESSAGES,
  mapRow,
  readDate,
  readNumber,
  readTime,
  readYesNo,
  recogniseLayout,
} from './imports';
export type {
  DateOrder,
  ImportCell,
  ImportRowAdjustment,
  ImportRowRefusal,
  ImportRowWarning,
  MappedRow,
  MapRowContext,
  ReadDate,
} from './imports';
export * from './deer-management';
