import { COUNT_METHOD_LABELS, type Count, type Outing } from '@cull-log/contracts';
import { csvOutingLabel, toCsvLine } from '../cull-csv';
import { formatDateUk } from '../london-calendar';
import { outingHours } from './effort';

/** Hours and rates to two places at most, as a spreadsheet reads them (3.5, not 3.50). */
const figure = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(Math.round(value * 100) / 100);

/**
 * The sightings' CSV: one line per line of deer seen on an outing, the outing's effort on each, and where the deer
 * were seen when marked (columns added at the end, so a sheet reading the first ten reads them as before).
 */
export const SIGHTINGS_CSV_HEADERS = [
  'Outing ID',
  'Ground',
  'Started',
  'Ended',
  'Hours',
  'Hunters',
  'Species',
  'Sex',
  'Age Class',
  'Count',
  'Latitude',
  'Longitude',
] as const;

export const sightingsCsvHeader = toCsvLine(SIGHTINGS_CSV_HEADERS);

/**
 * An outing's lines of the sightings' CSV (started and ended dd/MM/yyyy HH:mm in the UK's time, ended empty while
 * under way). A blank outing (nothing seen) is one line with no species and a count of 0; an outing whose sightings
 * were never recorded is one line with no species and no count, so its hours still count as effort.
 */
export function sightingsCsvRows(outing: Outing, ground: string): string[][] {
  const effort = [
    outing.id,
    ground,
    csvOutingLabel(outing.started_at),
    outing.ended_at === null ? '' : csvOutingLabel(outing.ended_at),
    figure(outingHours(outing.started_at, outing.ended_at)),
    String(outing.hunters),
  ];
  if (outing.sightings === null) return [[...effort, '', '', '', '', '', '']];
  if (outing.sightings.length === 0) return [[...effort, '', '', '', '0', '', '']];
  return outing.sightings.map((line) => [
    ...effort,
    line.species,
    line.sex,
    line.age_class,
    String(line.count),
    line.place === undefined ? '' : String(line.place.latitude),
    line.place === undefined ? '' : String(line.place.longitude),
  ]);
}

/** The counts' CSV: one line per line of a count, a dung count's plots and density in the columns after. */
export const COUNTS_CSV_HEADERS = [
  'Count ID',
  'Ground',
  'Date',
  'Method',
  'Species',
  'Sex',
  'Age Class',
  'Count',
  'Notes',
  'Plots',
  'Plot Area (m²)',
  'Pellet Groups',
  'Days Since Clearance',
  'Defecation Rate',
  'Deer per km²',
] as const;

export const countsCsvHeader = toCsvLine(COUNTS_CSV_HEADERS);

/**
 * A count's lines of the counts' CSV (its date dd/MM/yyyy). A dung count's lines are its deer worked out over the
 * ground's area; on a ground with no boundary it is one line of its species with no count.
 */
export function countsCsvRows(count: Count, ground: string): string[][] {
  const head = [count.id, ground, formatDateUk(count.date), COUNT_METHOD_LABELS[count.method]];
  const { dung } = count;
  const tail = [
    count.notes ?? '',
    ...(dung === null
      ? ['', '', '', '', '', '']
      : [
          String(dung.plots),
          figure(dung.plot_area_m2),
          String(dung.pellet_groups),
          String(dung.days_since_clearance),
          figure(dung.defecation_rate),
          figure(dung.deer_per_km2),
        ]),
  ];
  if (count.items.length === 0) return [[...head, dung?.species ?? '', '', '', '', ...tail]];
  return count.items.map((item) => [
    ...head,
    item.species,
    item.sex,
    item.age_class,
    String(item.count),
    ...tail,
  ]);
}
