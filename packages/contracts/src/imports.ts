import { z } from 'zod';
import { AGE_ESTIMATES, CONDITIONS, SEXES } from './enums';
import { CullTime } from './cull';
import { LIMITS } from './limits';

/** Bounds of an import: what a file may hold and how long an unimported preview is kept. */
export const IMPORT_LIMITS = {
  maxRows: 20_000,
  maxColumns: 100,
  /** The largest upload; a bigger one is refused before it is read. */
  maxUploadBytes: 25 * 1024 * 1024,
  /** The most one row may hold, all its cells together. */
  maxRowBytes: 64 * 1024,
  /** What the parts of an XLSX or ODS may unpack to, together: more is a zip bomb, not a cull diary. */
  maxUnpackedBytes: 200 * 1024 * 1024,
  /** The earliest year a cull may be dated. */
  earliestYear: 1950,
  previewHours: 24,
  savedMappings: 50,
} as const;

/** What an upload too large to import is told, at the gateway and at the records service alike. */
export const IMPORT_UPLOAD_TOO_LARGE = `This file is too large to import: the largest is ${
  IMPORT_LIMITS.maxUploadBytes / (1024 * 1024)
} MB. Split it into smaller files, or save it as CSV, and try again.`;

/** What the import's routes answer when they refuse, in the user's words. */
export const IMPORT_MESSAGES = {
  notFound:
    'That import was not found. A preview not imported within a day is forgotten: upload the file again.',
  noFile: 'Choose a spreadsheet file to import (CSV, XLSX or ODS).',
  unknownField: (field: string) =>
    `An import takes a file and its mapping, sheet and defaults, not "${field}".`,
  notJson: (field: string) => `The ${field} could not be read: it must be JSON.`,
  alreadyImported: 'This file has already been imported.',
  importing: 'This file is being imported now.',
  undone: 'This import was undone. Upload the file again to import it.',
  notImported: 'Only an import that has finished can be undone.',
  alreadyUndone: 'This import has already been undone.',
  /** `changed` names a few of them, as the records table shows them (`14/02/2025 Roe Deer, Ashdown`). */
  changedSince: (count: number, changed: readonly string[]) => {
    const named =
      changed.length === 0 ? '' : ` (${changed.join('; ')}${count > changed.length ? '; …' : ''})`;
    return count === 1
      ? `This import cannot be undone: one of its records has been changed since it was imported${named}.`
      : `This import cannot be undone: ${count} of its records have been changed since they were imported${named}.`;
  },
} as const;

/** The kinds of file an import reads. */
export const IMPORT_FILE_FORMATS = ['csv', 'xlsx', 'ods'] as const;
export type ImportFileFormat = (typeof IMPORT_FILE_FORMATS)[number];

/** Files recognised by their header, needing no mapping; `mapped` is any other, read through its mapping. */
export const IMPORT_LAYOUTS = ['cull-log', 'first-light', 'mapped'] as const;
export type ImportLayout = (typeof IMPORT_LAYOUTS)[number];

/**
 * What a column of the file can fill: a record's field, a part of a nested one (`bore_in`, `examined_by`,
 * `temperature_c`…), the date and time in one cell (`date_time`), or the name of one of the user's grounds.
 */
export const IMPORT_TARGETS = [
  'date',
  'time',
  'date_time',
  'location_name',
  'ground',
  'species',
  'sex',
  'age_estimate',
  'weight',
  'condition',
  'shot_placement',
  'shot_distance',
  'antlers_present',
  'antler_points',
  'antler_condition',
  'notes',
  'grid_ref',
  'latitude',
  'longitude',
  'condition_notes',
  'calibre',
  'bore_in',
  'bullet_weight_gr',
  'bullet_type',
  'muzzle_velocity_fps',
  'muzzle_energy_j',
  'shooter',
  'carcass_tag',
  'carcass_destination',
  'game_dealer',
  'examined_by',
  'certificate_number',
  'abnormal_behaviour',
  'abnormalities',
  'other_abnormality',
  'contamination_suspected',
  'temperature_c',
  'wind_speed_mph',
  'wind_direction',
  'cloud',
  'precipitation',
] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];

/** How a column's values are written, where the same field can be written more than one way. */
export const IMPORT_UNITS = ['kg', 'lb', 'm', 'yd'] as const;
export const IMPORT_DATE_ORDERS = ['dmy', 'ymd', 'mdy'] as const;

/** One column of the file and what it fills; `field: null` leaves the column out. */
export const ImportColumnMapping = z.strictObject({
  /** The column's place in the file, from 0. */
  column: z
    .number()
    .int()
    .min(0)
    .max(IMPORT_LIMITS.maxColumns - 1),
  /** The column's header as the file has it. */
  header: z.string().max(LIMITS.shortText * 2),
  field: z.enum(IMPORT_TARGETS).nullable(),
  unit: z.enum(IMPORT_UNITS).optional(),
  date_order: z.enum(IMPORT_DATE_ORDERS).optional(),
});
export type ImportColumnMapping = z.infer<typeof ImportColumnMapping>;

export const ImportMapping = z.array(ImportColumnMapping).max(IMPORT_LIMITS.maxColumns);
export type ImportMapping = z.infer<typeof ImportMapping>;

/** Values for a required field the file lacks, for every row of it; the user chooses them, never the server. */
export const ImportDefaults = z.strictObject({
  time: CullTime.optional(),
  location_name: z.string().trim().min(1).max(LIMITS.locationName).optional(),
  sex: z.enum(SEXES).optional(),
  age_estimate: z.enum(AGE_ESTIMATES).optional(),
  condition: z.enum(CONDITIONS).optional(),
  shot_placement: z.string().trim().min(1).max(LIMITS.shortText).optional(),
});
export type ImportDefaults = z.infer<typeof ImportDefaults>;
export const IMPORT_DEFAULT_FIELDS = Object.keys(ImportDefaults.shape) as (keyof ImportDefaults)[];

/** A row that will not import, with the column at fault (null for the row as a whole) and why, in the form's words. */
export const ImportRefusal = z.object({
  row: z.number().int().min(1),
  column: z.string().nullable(),
  reason: z.string(),
});
export type ImportRefusal = z.infer<typeof ImportRefusal>;

/** A value with no exact match in Cull Log's lists, and what it became (the nearest, or Other with the text). */
export const ImportAdjustment = z.object({
  row: z.number().int().min(1),
  column: z.string(),
  from: z.string(),
  to: z.string(),
});
export type ImportAdjustment = z.infer<typeof ImportAdjustment>;

/** A legal warning a row carries, as the form would show it. */
export const ImportWarning = z.object({
  row: z.number().int().min(1),
  code: z.string(),
  message: z.string(),
});
export type ImportWarning = z.infer<typeof ImportWarning>;

/** The multipart fields of POST /imports beside `file`, each sent as JSON text. */
export const ImportOptions = z.strictObject({
  mapping: ImportMapping.optional(),
  sheet: z.string().max(LIMITS.shortText).optional(),
  defaults: ImportDefaults.optional(),
});
export type ImportOptions = z.infer<typeof ImportOptions>;

/** The answer to POST /imports: what would happen, with nothing written. */
export const ImportPreview = z.object({
  id: z.uuid(),
  file_name: z.string(),
  format: z.enum(IMPORT_FILE_FORMATS),
  layout: z.enum(IMPORT_LAYOUTS),
  /** A CSV's character set and separator, as read. */
  encoding: z.string().optional(),
  delimiter: z.string().optional(),
  /** A workbook's sheets, and the one read. */
  sheets: z.array(z.string()),
  sheet: z.string().nullable(),
  columns: z.array(z.string()),
  mapping: ImportMapping,
  defaults: ImportDefaults,
  /** Required fields the file lacks that still need a default: until chosen, every row is refused for want of them. */
  defaults_needed: z.array(
    z.enum(IMPORT_DEFAULT_FIELDS as [keyof ImportDefaults, ...(keyof ImportDefaults)[]]),
  ),
  rows_total: z.number().int().min(0),
  rows_ready: z.number().int().min(0),
  rows_refused: z.array(ImportRefusal),
  adjusted: z.array(ImportAdjustment),
  /** Rows already among the user's records (same date, time, species, sex, place and tag), or twice in the file. */
  duplicates: z.number().int().min(0),
  warnings: z.array(ImportWarning),
  expires_at: z.iso.datetime(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportCommitResponse = z.object({
  imported: z.number().int().min(0),
  skipped_duplicates: z.number().int().min(0),
});
export type ImportCommitResponse = z.infer<typeof ImportCommitResponse>;

export const IMPORT_STATUSES = ['previewed', 'importing', 'imported', 'undone'] as const;

/** One of the user's imports, as GET /imports lists it. */
export const ImportSummary = z.object({
  id: z.uuid(),
  file_name: z.string(),
  format: z.enum(IMPORT_FILE_FORMATS),
  layout: z.enum(IMPORT_LAYOUTS),
  status: z.enum(IMPORT_STATUSES),
  created_at: z.iso.datetime(),
  imported_at: z.iso.datetime().nullable(),
  rows_ready: z.number().int().min(0),
  /** Records written so far: rises while the import runs. */
  imported: z.number().int().min(0),
  skipped_duplicates: z.number().int().min(0),
  /** Why it cannot be undone now (a record of it changed since), or null when it can. */
  undo_blocked: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

export const ListImportsResponse = z.object({ items: z.array(ImportSummary) });
export type ListImportsResponse = z.infer<typeof ListImportsResponse>;

export const UndoImportResponse = z.object({ removed: z.number().int().min(0) });
export type UndoImportResponse = z.infer<typeof UndoImportResponse>;
