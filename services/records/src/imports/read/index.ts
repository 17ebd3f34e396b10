export { openSpreadsheet } from './open-spreadsheet';
export { ImportFileError, IMPORT_FILE_MESSAGES, IMPORT_ROW_MESSAGES } from './import-file-error';
export type { ImportCell, OpenedSpreadsheet, SpreadsheetRow, RowRefusal } from './spreadsheet';
