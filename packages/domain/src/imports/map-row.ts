import {
  ANTLER_CONDITIONS,
  BULLET_TYPES,
  CLOUD_COVER,
  CONDITIONS,
  IMPORT_DEFAULT_FIELDS,
  IMPORT_LIMITS,
  PRECIPITATION,
  RecordCullRequest,
  listedCalibre,
  type ImportColumnMapping,
  type ImportDefaults,
  type ImportMapping,
  type ImportTarget,
} from '@cull-log/contracts';
import { futureCullCheck } from '../cull-moment';
import { cullWarnings, warningLine } from '../field-rules';
import { parseGridReference } from '../grid-reference';
import { cellText, readDate, readNumber, readTime, readYesNo } from './cell-values';
import type { ImportCell } from './import-cell';
import { IMPORT_MESSAGES } from './import-messages';
import { CULL_LOG_COLUMN_TARGETS, recogniseLayout } from './import-layouts';
import {
  abnormalityCodes,
  ageWord,
  calibreWord,
  destinationWord,
  listWord,
  placementWord,
  sexOfWord,
  speciesWord,
  windWord,
  type Word,
} from './import-words';

export interface ImportRowAdjustment {
  column: string;
  from: string;
  to: string;
}
export interface ImportRowWarning {
  code: string;
  message: string;
}
export interface ImportRowRefusal {
  column: string | null;
  reason: string;
}

/** A row read through a mapping: the record it makes (as POST /culls takes it), or why it will not import. */
export type MappedRow =
  | { ok: true; request: RecordCullRequest; adjustments: ImportRowAdjustment[]; warnings: ImportRowWarning[] }
  | { ok: false; refusals: ImportRowRefusal[] };

export interface MapRowContext {
  now: Date;
  /** The user's grounds, for a column naming one. */
  grounds: readonly { id: string; name: string }[];
}

/** The targets each default stands in for: a file with a column for any of them needs no default. */
const DEFAULT_TARGETS: Record<keyof ImportDefaults, readonly ImportTarget[]> = {
  time: ['time', 'date_time'],
  location_name: ['location_name'],
  sex: ['sex'],
  age_estimate: ['age_estimate'],
  condition: ['condition'],
  shot_placement: ['shot_placement'],
};

/** The required fields the file has no column for and the user has not yet chosen a value for. */
export function defaultsNeeded(mapping: ImportMapping, defaults: ImportDefaults): (keyof ImportDefaults)[] {
  const mapped = new Set(mapping.map((column) => column.field));
  return IMPORT_DEFAULT_FIELDS.filter(
    (field) => defaults[field] === undefined && !DEFAULT_TARGETS[field].some((target) => mapped.has(target)),
  );
}

const LB_IN_KG = 0.45359237;
/** Latitude and longitude in one cell, as a map app copies them: "52.5, -1.5". */
const COORDINATE_PAIR = /^(-?\d{1,2}(?:\.\d+)?)\s*[,;\s]\s*(-?\d{1,3}(?:\.\d+)?)$/;
const DISTANCE_WORDS = { m: 'metres', yd: 'yards' } as const;

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** Where a field's value came from: the column's header. */
type Sources = Map<string, string>;

/**
 * Whether the mapping reads Cull Log's own export as it was recognised: its free-text values (a species, placement or
 * calibre typed under Other) are then kept as written, never read as another app's words, so an export imports back
 * to the same records.
 */
const ownExport = new WeakMap<ImportMapping, boolean>();
function isOwnExport(mapping: ImportMapping): boolean {
  let known = ownExport.get(mapping);
  if (known === undefined) {
    const headers = mapping.map((column) => column.header);
    known =
      recogniseLayout(headers) === 'cull-log' &&
      mapping.every((column) => column.field === (CULL_LOG_COLUMN_TARGETS[column.header.trim()] ?? null));
    ownExport.set(mapping, known);
  }
  return known;
}

/** Reads one row, building the request field by field, noting adjustments and refusals. */
class RowReader {
  readonly fields: Record<string, unknown> = {};
  readonly inspection: Record<string, unknown> = {};
  readonly weather: Record<string, unknown> = {};
  readonly sources: Sources = new Map();
  readonly adjustments: ImportRowAdjustment[] = [];
  readonly refusals: ImportRowRefusal[] = [];
  readonly warnings: ImportRowWarning[] = [];
  /** Fields already refused here, so the schema does not refuse them again. */
  readonly refused = new Set<string>();
  /** Sex and age a species cell gave ("roe buck"), used when no column of their own does. */
  impliedSex: string | undefined;
  impliedAge: string | undefined;
  impliedSource = '';
  time: string | undefined;
  gridLocation: { latitude: number; longitude: number } | undefined;

  /** `verbatim`: the file is Cull Log's own export, its free text kept as written. */
  constructor(readonly verbatim: boolean) {}

  set(field: string, value: unknown, column: string) {
    this.fields[field] = value;
    this.sources.set(field, column);
  }

  adjust(column: string, from: string, to: string) {
    this.adjustments.push({ column, from, to });
  }

  refuse(field: string, column: string | null, reason: string) {
    this.refused.add(field);
    this.refusals.push({ column, reason });
  }

  /** A list's value: as written, adjusted to the nearest, or the text left for the schema to refuse in the form's words. */
  word(field: string, column: string, text: string, word: Word | undefined) {
    if (word === undefined) return this.set(field, text, column);
    if (!word.exact) this.adjust(column, text, word.value);
    this.set(field, word.value, column);
  }

  number(field: string, column: string, cell: ImportCell) {
    const read = readNumber(cell);
    this.set(field, read === undefined ? cellText(cell) : read.value, column);
  }
}

function readColumn(
  reader: RowReader,
  mapping: ImportColumnMapping,
  cell: ImportCell,
  context: MapRowContext,
) {
  const column = mapping.header;
  const field = mapping.field;
  const text = cellText(cell);
  if (field === null || text === undefined) return;
  switch (field) {
    case 'date':
    case 'date_time': {
      const read = readDate(cell, mapping.date_order);
      if (read === undefined) return reader.set('date', text, column);
      reader.set('date', read.date, column);
      if (read.time !== undefined && (field === 'date_time' || reader.time === undefined)) {
        reader.time = read.time;
        reader.set('time', read.time, column);
      }
      return;
    }
    case 'time': {
      const time = readTime(cell);
      reader.time = time;
      return reader.set('time', time ?? text, column);
    }
    case 'species': {
      if (reader.verbatim) return reader.set('species', text, column);
      const word = speciesWord(text);
      if (!word.exact) reader.adjust(column, text, word.other ? `Other (${word.value})` : word.value);
      reader.set('species', word.value, column);
      reader.impliedSex = word.sex;
      reader.impliedAge = word.age;
      reader.impliedSource = column;
      return;
    }
    case 'sex': {
      const word = sexOfWord(text);
      if (word?.age !== undefined && reader.impliedAge === undefined) {
        reader.impliedAge = word.age;
        reader.impliedSource = column;
      }
      return reader.word('sex', column, text, word);
    }
    case 'age_estimate':
      return reader.word('age_estimate', column, text, ageWord(text));
    case 'condition':
      return reader.word('condition', column, text, listWord(CONDITIONS, text));
    case 'antler_condition':
      return reader.word('antler_condition', column, text, listWord(ANTLER_CONDITIONS, text));
    case 'bullet_type':
      return reader.word('bullet_type', column, text, listWord(BULLET_TYPES, text));
    case 'carcass_destination':
      return reader.word('carcass_destination', column, text, destinationWord(text));
    case 'shot_placement': {
      if (reader.verbatim) return reader.set('shot_placement', text, column);
      const word = placementWord(text);
      if (!word.exact) reader.adjust(column, text, word.other ? `Other (${word.value})` : word.value);
      return reader.set('shot_placement', word.value, column);
    }
    case 'calibre': {
      const word = reader.verbatim ? { value: text, exact: true, other: false } : calibreWord(text);
      if (!word.exact) reader.adjust(column, text, word.other ? `Other (${word.value})` : word.value);
      reader.set('calibre', { ...((reader.fields.calibre as object) ?? {}), name: word.value }, column);
      return;
    }
    case 'bore_in': {
      const read = readNumber(cell);
      reader.fields.calibre = { ...((reader.fields.calibre as object) ?? {}), bore_in: read?.value ?? text };
      reader.sources.set('calibre.bore_in', column);
      return;
    }
    case 'weight': {
      const read = readNumber(cell);
      if (read === undefined) return reader.set('weight', text, column);
      const unit = read.unit ?? mapping.unit ?? 'kg';
      if (unit === 'lb') {
        const kilograms = round(read.value * LB_IN_KG, 2);
        reader.adjust(column, text, `${kilograms} kg`);
        return reader.set('weight', kilograms, column);
      }
      return reader.set('weight', read.value, column);
    }
    case 'shot_distance': {
      const read = readNumber(cell);
      const unit = read?.unit ?? mapping.unit;
      const bare = read !== undefined && read.unit === undefined && /^[\d.,\s]+$/.test(text);
      if (bare && (unit === 'm' || unit === 'yd'))
        return reader.set('shot_distance', `${read.value} ${DISTANCE_WORDS[unit]}`, column);
      return reader.set('shot_distance', text, column);
    }
    case 'antlers_present': {
      const yes = readYesNo(cell);
      return reader.set('antlers_present', yes ?? text, column);
    }
    case 'grid_ref': {
      const parsed = parseGridReference(text);
      if (!parsed.ok) return reader.refuse('grid_ref', column, parsed.message);
      reader.gridLocation = { latitude: parsed.latitude, longitude: parsed.longitude };
      return reader.set('grid_ref', text, column);
    }
    case 'latitude': {
      const pair = COORDINATE_PAIR.exec(text);
      if (pair === null) return reader.number(field, column, cell);
      reader.set('latitude', Number(pair[1]), column);
      return reader.set('longitude', Number(pair[2]), column);
    }
    case 'longitude':
    case 'antler_points':
    case 'bullet_weight_gr':
    case 'muzzle_velocity_fps':
    case 'muzzle_energy_j':
      return reader.number(field, column, cell);
    case 'ground': {
      const ground = context.grounds.find((one) => one.name.trim().toLowerCase() === text.toLowerCase());
      if (ground === undefined)
        reader.warnings.push({ code: 'unknown_ground', message: IMPORT_MESSAGES.unknownGround(text) });
      else reader.set('ground_id', ground.id, column);
      return;
    }
    case 'abnormal_behaviour':
    case 'contamination_suspected': {
      reader.inspection[field] = readYesNo(cell) ?? text;
      reader.sources.set(`inspection.${field}`, column);
      return;
    }
    case 'abnormalities': {
      const { codes, unknown } = abnormalityCodes(text);
      if (unknown.length > 0)
        return reader.refuse('inspection', column, IMPORT_MESSAGES.abnormality(unknown[0]!));
      reader.inspection.abnormalities = codes;
      reader.sources.set('inspection.abnormalities', column);
      return;
    }
    case 'examined_by':
    case 'certificate_number':
    case 'other_abnormality':
      reader.inspection[field] = text;
      reader.sources.set(`inspection.${field}`, column);
      return;
    case 'temperature_c':
    case 'wind_speed_mph': {
      reader.weather[field] = readNumber(cell)?.value ?? text;
      reader.sources.set(`weather.${field}`, column);
      return;
    }
    case 'wind_direction':
    case 'cloud':
    case 'precipitation': {
      const word =
        field === 'wind_direction'
          ? windWord(text)
          : listWord<string>(field === 'cloud' ? CLOUD_COVER : PRECIPITATION, text);
      if (word !== undefined && !word.exact) reader.adjust(column, text, word.value);
      reader.weather[field] = word?.value ?? text;
      reader.sources.set(`weather.${field}`, column);
      return;
    }
    default:
      return reader.set(field, text, column);
  }
}

/** Fills what the row leaves out: sex and age from a species' words, grid coordinates, then the user's defaults. */
function fillGaps(reader: RowReader, mapping: ImportMapping, defaults: ImportDefaults) {
  const { fields } = reader;
  if (fields.sex === undefined && reader.impliedSex !== undefined)
    reader.set('sex', reader.impliedSex, reader.impliedSource);
  if (fields.age_estimate === undefined && reader.impliedAge !== undefined)
    reader.set('age_estimate', reader.impliedAge, reader.impliedSource);
  const hasCoordinates = mapping.some(
    (column) => column.field === 'latitude' || column.field === 'longitude',
  );
  if (!hasCoordinates && reader.gridLocation !== undefined) {
    fields.latitude = reader.gridLocation.latitude;
    fields.longitude = reader.gridLocation.longitude;
    reader.sources.set('latitude', reader.sources.get('grid_ref') ?? '');
    reader.sources.set('longitude', reader.sources.get('grid_ref') ?? '');
  }
  const needed = new Set(defaultsNeeded(mapping, defaults));
  for (const field of IMPORT_DEFAULT_FIELDS) {
    if (fields[field] !== undefined || reader.refused.has(field)) continue;
    const value = defaults[field];
    if (value !== undefined) fields[field] = value;
    else if (needed.has(field)) reader.refuse(field, null, IMPORT_MESSAGES.needsDefault(field));
  }
  // An inspection with no abnormalities named found none: the export writes an empty cell for that.
  if (Object.keys(reader.inspection).length > 0)
    fields.inspection = { abnormalities: [], ...reader.inspection };
  if (Object.keys(reader.weather).length > 0) fields.weather = reader.weather;
  // A listed calibre has its own bore: the export writes it beside the name, and the record keeps none of its own.
  const calibre = fields.calibre as { name?: unknown; bore_in?: unknown } | undefined;
  if (
    calibre !== undefined &&
    typeof calibre.name === 'string' &&
    listedCalibre(calibre.name) !== undefined
  ) {
    const { bore_in: _bore, ...rest } = calibre;
    fields.calibre = rest;
  }
}

/**
 * The column a schema issue is about: the one its value came from (a nested part's own, else its field's, else the
 * first of its group's), else the column mapped to it whose cell was empty; null when the file has none.
 */
function columnOfIssue(
  reader: RowReader,
  mapping: ImportMapping,
  path: readonly PropertyKey[],
): string | null {
  const [field, part] = path.map(String);
  if (field === undefined) return null;
  if (part !== undefined && reader.sources.has(`${field}.${part}`))
    return reader.sources.get(`${field}.${part}`)!;
  if (reader.sources.has(field)) return reader.sources.get(field)!;
  for (const [key, column] of reader.sources) if (key.startsWith(`${field}.`)) return column;
  const target = part ?? field;
  const mapped = mapping.find(
    (column) =>
      column.field === target || ((target === 'date' || target === 'time') && column.field === 'date_time'),
  );
  return mapped?.header ?? null;
}

/** The future check for the `now` an import runs at, made once for all its rows. */
let lastFutureCheck: { at: number; check: ReturnType<typeof futureCullCheck> } | undefined;
function futureCheckAt(now: Date): ReturnType<typeof futureCullCheck> {
  if (lastFutureCheck?.at !== now.getTime())
    lastFutureCheck = { at: now.getTime(), check: futureCullCheck(now) };
  return lastFutureCheck.check;
}

/** When the cull happened must be a real moment: not in the future, not before the earliest year an import takes. */
function checkMoment(reader: RowReader, now: Date) {
  const date = reader.fields.date;
  const time = reader.fields.time;
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
  if (Number(date.slice(0, 4)) < IMPORT_LIMITS.earliestYear)
    return reader.refuse('date', reader.sources.get('date') ?? null, IMPORT_MESSAGES.tooEarly);
  if (typeof time !== 'string' || !/^\d{2}:\d{2}$/.test(time)) return;
  const future = futureCheckAt(now)(date, time);
  if (future !== undefined)
    reader.refuse(future.field, reader.sources.get(future.field) ?? null, future.message);
}

/**
 * One row of a file read through its mapping into the body POST /culls takes, checked by the same schema, so every
 * refusal is in the form's words and names the column at fault. A value near one of Cull Log's lists is read as it
 * ("Heart / Lung", "Buck", "Fallow") and listed among the adjustments; a required field the file lacks takes the
 * user's default or refuses the row; the legal warnings are those the form shows.
 */
export function mapRow(
  cells: readonly ImportCell[],
  mapping: ImportMapping,
  defaults: ImportDefaults,
  context: MapRowContext,
): MappedRow {
  const reader = new RowReader(isOwnExport(mapping));
  for (const column of mapping) readColumn(reader, column, cells[column.column] ?? null, context);
  fillGaps(reader, mapping, defaults);
  checkMoment(reader, context.now);
  const candidate = Object.fromEntries(
    Object.entries(reader.fields).filter(([field]) => !reader.refused.has(field)),
  );
  const parsed = RecordCullRequest.safeParse(candidate);
  const refusals = [...reader.refusals];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (reader.refused.has(field)) continue;
      const column = columnOfIssue(reader, mapping, issue.path);
      if (refusals.some((refusal) => refusal.column === column && refusal.reason === issue.message)) continue;
      refusals.push({ column, reason: issue.message });
    }
  }
  if (!parsed.success || refusals.length > 0) return { ok: false, refusals };
  const request = parsed.data;
  const warnings = [
    ...cullWarnings(request).map((warning) => ({
      code: warning.code,
      message: warningLine(warning.code, request),
    })),
    ...reader.warnings,
  ];
  return { ok: true, request, adjustments: reader.adjustments, warnings };
}
