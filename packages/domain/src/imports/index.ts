export type { ImportCell } from './import-cell';
export { cellText, readDate, readNumber, readTime, readYesNo } from './cell-values';
export type { DateOrder, ReadDate } from './cell-values';
export { IMPORT_MESSAGES } from './import-messages';
export { CULL_LOG_COLUMN_TARGETS, FIRST_LIGHT_COLUMNS, recogniseLayout } from './import-layouts';
export { guessMapping } from './guess-mapping';
export { defaultsNeeded, mapRow } from './map-row';
export type {
  ImportRowAdjustment,
  ImportRowRefusal,
  ImportRowWarning,
  MappedRow,
  MapRowContext,
} from './map-row';
export { duplicateKey } from './duplicate-key';
