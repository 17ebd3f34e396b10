import type { ImportColumnMapping, ImportMapping, ImportTarget } from '@cull-log/contracts';
import { parseGridReference } from '../grid-reference';
import { readDate, type DateOrder } from './cell-values';
import type { ImportCell } from './import-cell';
import { layoutMapping, recogniseLayout } from './import-layouts';
import { sexOfWord, speciesWord } from './import-words';

/** Header words and the field they name, most particular first ("shot distance" before "shot"). */
const HEADER_RULES: readonly (readonly [RegExp, ImportTarget])[] = [
  [/\b(date ?time|timestamp|date and time|date & time|when( shot)?)\b/, 'date_time'],
  [/\bcondition notes?\b|\bbody notes?\b/, 'condition_notes'],
  [/\bgrid\b|\bos ?ref|\bngr\b|\bosgr\b/, 'grid_ref'],
  // A column of both coordinates ("52.5, -1.5") is read as the latitude's, the longitude taken from it too.
  [/\bcoordinates?\b|\bcoords\b|\bgps\b|\blat(itude)?\b/, 'latitude'],
  [/\b(lon|lng|long|longitude)\b/, 'longitude'],
  [/\bshot distance\b|\bdistance\b|\brange\b|\byards?\b|\byds\b|\bmetres?\b|\bmeters?\b/, 'shot_distance'],
  [/\bshot placement\b|\bplacement\b|\bshot (to|at|position)\b|\bstrike\b/, 'shot_placement'],
  [/\bantler points?\b|\bpoints\b|\btines\b/, 'antler_points'],
  [/\bantler condition\b/, 'antler_condition'],
  [/\bantlers?\b|\bhead ?gear\b/, 'antlers_present'],
  [/\bbullet weight\b|\bgrains?\b|\(gr\)/, 'bullet_weight_gr'],
  [/\bbullet( type)?\b|\bammunition\b|\bammo\b/, 'bullet_type'],
  [/\bvelocity\b|\bfps\b/, 'muzzle_velocity_fps'],
  [/\benergy\b|\bjoules?\b|\bft ?lbs?\b/, 'muzzle_energy_j'],
  [/\bbore\b/, 'bore_in'],
  [/\bcalibre\b|\bcaliber\b|\bcartridge\b|\brifle\b/, 'calibre'],
  [/\bgame dealer\b|\bdealer\b|\bahe\b/, 'game_dealer'],
  [/\bdestination\b|\bwent to\b|\bcarcass (went|to|use)\b|\bdisposal\b/, 'carcass_destination'],
  [/\btag\b|\bseal\b/, 'carcass_tag'],
  [/\bexamined\b|\binspected by\b|\btrained hunter\b|\binspector\b/, 'examined_by'],
  [/\bcertificate\b|\bcert\b/, 'certificate_number'],
  [/\babnormal behaviou?r\b/, 'abnormal_behaviour'],
  [/\bother abnormalit/, 'other_abnormality'],
  [/\babnormalit/, 'abnormalities'],
  [/\bcontaminat/, 'contamination_suspected'],
  [/\btemp(erature)?\b/, 'temperature_c'],
  [/\bwind speed\b/, 'wind_speed_mph'],
  [/\bwind( direction)?\b/, 'wind_direction'],
  [/\bcloud\b/, 'cloud'],
  [/\bprecipitation\b|\brain\b/, 'precipitation'],
  [/\bshooter\b|\bstalker\b|\bshot by\b|\bguest\b|\brifle name\b/, 'shooter'],
  [/\bdate\b|\bday\b/, 'date'],
  [/\btime\b/, 'time'],
  [/\bground\b|\bestate\b|\bpermission\b/, 'ground'],
  [/\blocation\b|\bplace\b|\bsite\b|\bwhere\b|\bbeat\b|\bcompartment\b|\bfield\b/, 'location_name'],
  [/\bspecies\b|\bdeer\b|\banimal\b|\bquarry\b/, 'species'],
  [/\bsex\b|\bgender\b/, 'sex'],
  [/\bage\b|\bclass\b/, 'age_estimate'],
  [/\bweight\b|\bwt\b|\bkg\b|\blbs?\b|\bmass\b/, 'weight'],
  [/\bcondition\b/, 'condition'],
  [/\bnotes?\b|\bcomments?\b|\bremarks?\b|\bdetails\b/, 'notes'],
];

/** A header as words: lower-case, punctuation but "()" and "&" a space apart. */
function headerWords(header: string): string {
  return header
    .toLowerCase()
    .replace(/[_\-.:/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function unitFromHeader(target: ImportTarget, header: string): Pick<ImportColumnMapping, 'unit'> {
  const words = headerWords(header);
  if (target === 'weight') return { unit: /\b(lbs?|pounds?)\b/.test(words) ? 'lb' : 'kg' };
  if (target === 'shot_distance') {
    if (/\b(yds?|yards?)\b/.test(words)) return { unit: 'yd' };
    if (/\b(m|metres?|meters?)\b|\(m\)/.test(words)) return { unit: 'm' };
  }
  return {};
}

const sampleValues = (sample: readonly ImportCell[][], column: number) =>
  sample
    .map((row) => row[column] ?? null)
    .filter((cell) => cell !== null && !(typeof cell === 'string' && cell.trim() === ''));

/**
 * The order of a column's figures: day first (the UK's way) unless a value could only be month first ("11/25/2024"),
 * year first when they are written so.
 */
function dateOrderOf(cells: readonly ImportCell[]): DateOrder {
  const texts = cells.filter((cell): cell is string => typeof cell === 'string');
  if (texts.length > 0 && texts.every((text) => /^\s*\d{4}[-/.]/.test(text))) return 'ymd';
  const monthFirst = texts.some((text) => {
    const match = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.]/.exec(text);
    return match !== null && Number(match[2]) > 12 && Number(match[1]) <= 12;
  });
  const dayFirst = texts.some((text) => {
    const match = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.]/.exec(text);
    return match !== null && Number(match[1]) > 12;
  });
  return monthFirst && !dayFirst ? 'mdy' : 'dmy';
}

const all = (cells: readonly ImportCell[], test: (cell: ImportCell) => boolean) =>
  cells.length > 0 && cells.every(test);

/** What a column with an unknown header holds, judged from its values. */
function targetFromValues(cells: readonly ImportCell[]): ImportTarget | null {
  if (all(cells, (cell) => readDate(cell)?.time !== undefined && !(typeof cell === 'number')))
    return 'date_time';
  if (all(cells, (cell) => readDate(cell) !== undefined && typeof cell !== 'number')) return 'date';
  if (all(cells, (cell) => typeof cell === 'string' && /^\s*\d{1,2}[:.]\d{2}\s*$/.test(cell))) return 'time';
  if (all(cells, (cell) => typeof cell === 'string' && parseGridReference(cell).ok)) return 'grid_ref';
  if (all(cells, (cell) => typeof cell === 'string' && !speciesWord(cell).other)) return 'species';
  if (all(cells, (cell) => typeof cell === 'string' && sexOfWord(cell) !== undefined)) return 'sex';
  return null;
}

/**
 * A first guess at what each column fills, for the user to correct: exact for Cull Log's and First Light's exports;
 * for any other file from each header's words, then from the values of the columns the headers leave unclear.
 * Each field is filled by one column at most, the first that names it.
 */
export function guessMapping(columns: readonly string[], sample: readonly ImportCell[][]): ImportMapping {
  const layout = recogniseLayout(columns);
  if (layout !== 'mapped') return layoutMapping(layout, columns);
  const taken = new Set<ImportTarget>();
  const mapping: ImportColumnMapping[] = columns.map((header, column) => {
    const words = headerWords(header);
    const rule =
      words === ''
        ? undefined
        : HEADER_RULES.find(([pattern, target]) => !taken.has(target) && pattern.test(words));
    const field = rule?.[1] ?? null;
    if (field !== null) taken.add(field);
    return { column, header, field };
  });
  for (const entry of mapping) {
    if (entry.field !== null) continue;
    const field = targetFromValues(sampleValues(sample, entry.column));
    if (field === null || taken.has(field)) continue;
    taken.add(field);
    entry.field = field;
  }
  // A date column whose values carry times, with no time column of its own, gives both.
  for (const entry of mapping) {
    if (entry.field === 'date' && !taken.has('time') && !taken.has('date_time')) {
      const cells = sampleValues(sample, entry.column);
      if (all(cells, (cell) => readDate(cell)?.time !== undefined)) entry.field = 'date_time';
    }
  }
  return mapping.map((entry) => {
    if (entry.field === null) return entry;
    const dated = entry.field === 'date' || entry.field === 'date_time';
    return {
      ...entry,
      ...unitFromHeader(entry.field, entry.header),
      ...(dated && { date_order: dateOrderOf(sampleValues(sample, entry.column)) }),
    };
  });
}
