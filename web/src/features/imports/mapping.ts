import type { ImportColumnMapping, ImportLayout, ImportMapping, ImportTarget } from '@cull-log/contracts';
import { keepStored, readStored, userKey } from '../../lib/stored';

/** What each target of a column is called on screen, in the order the choice list offers them. */
export const TARGET_LABELS = {
  date: 'Date',
  time: 'Time',
  date_time: 'Date and time (one column)',
  location_name: 'Location',
  ground: 'Ground (one of yours, by name)',
  species: 'Species',
  sex: 'Sex',
  age_estimate: 'Age estimate',
  weight: 'Weight',
  condition: 'Condition',
  shot_placement: 'Shot placement',
  shot_distance: 'Shot distance',
  antlers_present: 'Antlers present',
  antler_points: 'Antler points',
  antler_condition: 'Antler condition',
  notes: 'Notes',
  grid_ref: 'Grid reference',
  latitude: 'Latitude',
  longitude: 'Longitude',
  condition_notes: 'Condition notes',
  calibre: 'Calibre',
  bore_in: 'Bore (inches)',
  bullet_weight_gr: 'Bullet weight (grains)',
  bullet_type: 'Bullet type',
  muzzle_velocity_fps: 'Muzzle velocity (ft/s)',
  muzzle_energy_j: 'Muzzle energy (J)',
  shooter: 'Shooter',
  carcass_tag: 'Carcass tag',
  carcass_destination: 'Carcass destination',
  game_dealer: 'Game dealer',
  examined_by: 'Examined by',
  certificate_number: 'Certificate number',
  abnormal_behaviour: 'Abnormal behaviour',
  abnormalities: 'Abnormalities',
  other_abnormality: 'Other abnormality',
  contamination_suspected: 'Contamination suspected',
  temperature_c: 'Temperature (°C)',
  wind_speed_mph: 'Wind speed (mph)',
  wind_direction: 'Wind direction',
  cloud: 'Cloud',
  precipitation: 'Precipitation',
} as const satisfies Record<ImportTarget, string>;

export const LEAVE_OUT = 'leave-out';

export const TARGET_OPTIONS = [
  { id: LEAVE_OUT, label: 'Leave out' },
  ...(Object.keys(TARGET_LABELS) as ImportTarget[]).map((target) => ({
    id: target,
    label: TARGET_LABELS[target],
  })),
];

export const LAYOUT_NAMES: Record<ImportLayout, string> = {
  'cull-log': 'a Cull Log export',
  'first-light': 'a First Light Cull Diary export',
  mapped: 'your own columns',
};

/** The unit a column's values may be written in, for the targets that have one. */
const UNITS: Partial<Record<ImportTarget, readonly { id: 'kg' | 'lb' | 'm' | 'yd'; label: string }[]>> = {
  weight: [
    { id: 'kg', label: 'Kilograms (kg)' },
    { id: 'lb', label: 'Pounds (lb)' },
  ],
  shot_distance: [
    { id: 'm', label: 'Metres' },
    { id: 'yd', label: 'Yards' },
  ],
};

export const unitOptions = (field: ImportTarget | null) => (field === null ? undefined : UNITS[field]);

export const DATE_ORDER_OPTIONS = [
  { id: 'dmy', label: 'Day, month, year (31/12/2025)' },
  { id: 'ymd', label: 'Year, month, day (2025-12-31)' },
  { id: 'mdy', label: 'Month, day, year (12/31/2025)' },
] as const;

const DATED: readonly (ImportTarget | null)[] = ['date', 'date_time'];
export const takesDateOrder = (field: ImportTarget | null) => DATED.includes(field);

/** A column with a new target: its unit and date order kept only where the new target has them. */
export function withField(column: ImportColumnMapping, field: ImportTarget | null): ImportColumnMapping {
  const { unit, date_order, ...rest } = column;
  const units = unitOptions(field);
  return {
    ...rest,
    field,
    ...(units !== undefined && { unit: units.some((option) => option.id === unit) ? unit! : units[0]!.id }),
    ...(takesDateOrder(field) && { date_order: date_order ?? 'dmy' }),
  };
}

/** A saved mapping, found again by the file's header. */
interface SavedMapping {
  header: string[];
  mapping: ImportMapping;
}

/** As many as the server keeps of a user's saved mappings (IMPORT_LIMITS.savedMappings). */
const MAX_SAVED = 50;

const keyFor = (uid: string) => userKey('import-mappings', uid);

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function isColumnMapping(value: unknown): value is ImportColumnMapping {
  if (typeof value !== 'object' || value === null) return false;
  const column = value as Record<string, unknown>;
  return (
    typeof column.column === 'number' &&
    typeof column.header === 'string' &&
    (column.field === null || (typeof column.field === 'string' && column.field in TARGET_LABELS))
  );
}

function savedFrom(value: unknown): SavedMapping[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(
    (item): item is SavedMapping =>
      typeof item === 'object' &&
      item !== null &&
      isStringArray((item as SavedMapping).header) &&
      Array.isArray((item as SavedMapping).mapping) &&
      (item as SavedMapping).mapping.every(isColumnMapping),
  );
}

const sameHeader = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length &&
  a.every((name, index) => name.trim().toLowerCase() === b[index]!.trim().toLowerCase());

const readSaved = (uid: string) => readStored('local', keyFor(uid), savedFrom) ?? [];

/** The mapping this user saved on this device for a file with this header, if any. */
export function savedMappingFor(uid: string, header: readonly string[]): ImportMapping | undefined {
  return readSaved(uid).find((saved) => sameHeader(saved.header, header))?.mapping;
}

/** Keeps the mapping for files with this header, in place of one saved before for it; the newest first. */
export function saveMapping(uid: string, header: readonly string[], mapping: ImportMapping): void {
  const others = readSaved(uid).filter((saved) => !sameHeader(saved.header, header));
  keepStored('local', keyFor(uid), [{ header: [...header], mapping }, ...others].slice(0, MAX_SAVED));
}

/** Whether two mappings fill the same fields from the same columns, in the same units and date orders. */
export function sameMapping(a: ImportMapping, b: ImportMapping): boolean {
  const key = (mapping: ImportMapping) =>
    JSON.stringify(
      [...mapping]
        .sort((x, y) => x.column - y.column)
        .map(({ column, field, unit, date_order }) => [column, field, unit ?? null, date_order ?? null]),
    );
  return key(a) === key(b);
}
