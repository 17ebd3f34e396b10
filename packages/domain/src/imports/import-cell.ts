/**
 * One cell of an imported spreadsheet as its reader gives it: text, a number, a yes/no, a date (a date or time cell
 * of a workbook, its wall-clock reading in the UTC fields), or null for an empty cell.
 */
export type ImportCell = string | number | boolean | Date | null;
