import type { ImportColumnMapping, ImportLayout, ImportMapping, ImportTarget } from '@cull-log/contracts';
import {
  CSV_COLUMNS,
  EXPORT_CSV_EXTRA_HEADERS,
  ORIGINAL_CSV_COLUMN_COUNT,
  RECORD_CSV_HEADERS,
} from '../cull-csv';

/**
 * What each column of Cull Log's own CSV export fills, so an export imports back to the same records. The columns
 * worked out from the record (its id, outing, warnings, and who culled it in a team's export) fill nothing.
 */
export const CULL_LOG_COLUMN_TARGETS: Readonly<Record<string, ImportTarget | null>> = {
  Date: 'date',
  Time: 'time',
  Location: 'location_name',
  Species: 'species',
  Sex: 'sex',
  Age: 'age_estimate',
  Weight: 'weight',
  Condition: 'condition',
  'Shot Placement': 'shot_placement',
  'Shot Distance': 'shot_distance',
  'Antlers Present': 'antlers_present',
  'Antler Points': 'antler_points',
  'Antler Condition': 'antler_condition',
  Notes: 'notes',
  'Grid Reference': 'grid_ref',
  Latitude: 'latitude',
  Longitude: 'longitude',
  'Condition Notes': 'condition_notes',
  Calibre: 'calibre',
  'Bore (in)': 'bore_in',
  'Bullet Weight (gr)': 'bullet_weight_gr',
  'Bullet Type': 'bullet_type',
  'Muzzle Velocity (fps)': 'muzzle_velocity_fps',
  'Muzzle Energy (J)': 'muzzle_energy_j',
  Shooter: 'shooter',
  'Carcass Tag': 'carcass_tag',
  'Carcass Destination': 'carcass_destination',
  'Game Dealer': 'game_dealer',
  'Examined By': 'examined_by',
  'Certificate Number': 'certificate_number',
  'Abnormal Behaviour': 'abnormal_behaviour',
  Abnormalities: 'abnormalities',
  'Other Abnormality': 'other_abnormality',
  'Contamination Suspected': 'contamination_suspected',
  'Temperature (°C)': 'temperature_c',
  'Wind Speed (mph)': 'wind_speed_mph',
  'Wind Direction': 'wind_direction',
  Cloud: 'cloud',
  Precipitation: 'precipitation',
  [EXPORT_CSV_EXTRA_HEADERS[0]]: 'ground',
  'Culled by': null,
  [RECORD_CSV_HEADERS[0]]: null,
  [RECORD_CSV_HEADERS[1]]: null,
  [RECORD_CSV_HEADERS[2]]: null,
};

/** First Light Cull Diary's CSV export: its header, exactly, and what each column fills. */
export const FIRST_LIGHT_COLUMNS: readonly (readonly [
  string,
  ImportTarget,
  Partial<ImportColumnMapping>?,
])[] = [
  ['Date', 'date', { date_order: 'ymd' }],
  ['Time', 'time'],
  ['Species', 'species'],
  ['Sex', 'sex'],
  ['Location', 'location_name'],
  ['Ground', 'ground'],
  ['Weight(kg)', 'weight', { unit: 'kg' }],
  ['Tag', 'carcass_tag'],
  ['Calibre', 'calibre'],
  ['Distance(m)', 'shot_distance', { unit: 'm' }],
  ['Placement', 'shot_placement'],
  ['Age class', 'age_estimate'],
  ['Shooter', 'shooter'],
  ['Destination', 'carcass_destination'],
  ['Notes', 'notes'],
];

const headerKey = (header: string) => header.trim().toLowerCase();
const CULL_LOG_KEYS = new Map(
  Object.entries(CULL_LOG_COLUMN_TARGETS).map(([header, target]) => [headerKey(header), target]),
);

/**
 * Which layout a header is: Cull Log's own export (its first fourteen columns in order, and no column it does not
 * write), First Light's export (its header exactly), or any other, read through a mapping.
 */
export function recogniseLayout(columns: readonly string[]): ImportLayout {
  const keys = columns.map(headerKey);
  if (
    keys.length === FIRST_LIGHT_COLUMNS.length &&
    FIRST_LIGHT_COLUMNS.every(([header], index) => headerKey(header) === keys[index])
  )
    return 'first-light';
  const original = CSV_COLUMNS.slice(0, ORIGINAL_CSV_COLUMN_COUNT).map((column) => headerKey(column.header));
  if (
    keys.length >= original.length &&
    original.every((key, index) => keys[index] === key) &&
    keys.every((key) => CULL_LOG_KEYS.has(key))
  )
    return 'cull-log';
  return 'mapped';
}

/** The mapping of a recognised layout: every column of it, exactly. */
export function layoutMapping(
  layout: Exclude<ImportLayout, 'mapped'>,
  columns: readonly string[],
): ImportMapping {
  return columns.map((header, column): ImportColumnMapping => {
    if (layout === 'cull-log') {
      const field = CULL_LOG_KEYS.get(headerKey(header)) ?? null;
      return {
        column,
        header,
        field,
        ...(field === 'date' && { date_order: 'ymd' as const }),
        ...(field === 'weight' && { unit: 'kg' as const }),
      };
    }
    const [, field, extra] = FIRST_LIGHT_COLUMNS[column]!;
    return { column, header, field, ...extra };
  });
}
