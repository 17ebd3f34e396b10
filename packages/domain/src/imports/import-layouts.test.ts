import { IMPORT_TARGETS } from '@cull-log/contracts';
import { describe, expect, it } from 'vitest';
import {
  CSV_COLUMNS,
  EXPORT_CSV_EXTRA_HEADERS,
  ORIGINAL_CSV_COLUMN_COUNT,
  RECORD_CSV_HEADERS,
} from '../cull-csv';
import { guessMapping } from './guess-mapping';
import { CULL_LOG_COLUMN_TARGETS, FIRST_LIGHT_COLUMNS, recogniseLayout } from './import-layouts';

const EXPORT_HEADERS = CSV_COLUMNS.map((column) => column.header);
const FIRST_LIGHT =
  'Date,Time,Species,Sex,Location,Ground,Weight(kg),Tag,Calibre,Distance(m),Placement,Age class,Shooter,Destination,Notes'.split(
    ',',
  );

describe('recognising a layout', () => {
  it('knows every column Cull Log’s exports write, so a new export column cannot be forgotten here', () => {
    for (const header of [...EXPORT_HEADERS, ...EXPORT_CSV_EXTRA_HEADERS, 'Culled by', ...RECORD_CSV_HEADERS])
      expect(Object.hasOwn(CULL_LOG_COLUMN_TARGETS, header), header).toBe(true);
    const targets = Object.values(CULL_LOG_COLUMN_TARGETS).filter((target) => target !== null);
    expect(new Set(targets).size).toBe(targets.length);
    expect(IMPORT_TARGETS.filter((target) => !targets.includes(target))).toEqual(['date_time']);
  });

  it('recognises each of Cull Log’s exports: the records export, a team’s, the account download’s, and the first fourteen columns alone', () => {
    expect(recogniseLayout([...EXPORT_HEADERS, ...EXPORT_CSV_EXTRA_HEADERS, ...RECORD_CSV_HEADERS])).toBe(
      'cull-log',
    );
    expect(
      recogniseLayout([...EXPORT_HEADERS, ...EXPORT_CSV_EXTRA_HEADERS, 'Culled by', ...RECORD_CSV_HEADERS]),
    ).toBe('cull-log');
    expect(recogniseLayout([...EXPORT_HEADERS, ...RECORD_CSV_HEADERS])).toBe('cull-log');
    expect(recogniseLayout(EXPORT_HEADERS.slice(0, ORIGINAL_CSV_COLUMN_COUNT))).toBe('cull-log');
  });

  it('recognises First Light’s export by its header exactly', () => {
    expect(recogniseLayout(FIRST_LIGHT)).toBe('first-light');
    expect(recogniseLayout(FIRST_LIGHT.map((header) => ` ${header.toUpperCase()} `))).toBe('first-light');
    expect(recogniseLayout(FIRST_LIGHT.slice(0, -1))).toBe('mapped');
  });

  it('reads anything else through a mapping: a column Cull Log never writes, or its columns out of order', () => {
    expect(recogniseLayout([...EXPORT_HEADERS, 'My column'])).toBe('mapped');
    expect(recogniseLayout([...EXPORT_HEADERS].reverse())).toBe('mapped');
    expect(recogniseLayout(['Date', 'Species'])).toBe('mapped');
  });

  it('maps every column of a recognised layout exactly, the derived ones to nothing', () => {
    const exported = guessMapping(
      [...EXPORT_HEADERS, 'Ground', 'Culled by', 'Record ID', 'Outing', 'Warnings'],
      [],
    );
    expect(exported.slice(-5).map((column) => column.field)).toEqual(['ground', null, null, null, null]);
    expect(exported.find((column) => column.header === 'Bore (in)')?.field).toBe('bore_in');
    expect(exported.find((column) => column.header === 'Date')).toMatchObject({
      field: 'date',
      date_order: 'ymd',
    });
    expect(guessMapping(FIRST_LIGHT, [])).toEqual(
      FIRST_LIGHT_COLUMNS.map(([header, field, extra], column) => ({ column, header, field, ...extra })),
    );
  });
});

describe('guessing a mapping for any other file', () => {
  it('reads each header’s words, with the units they name', () => {
    const mapping = guessMapping(
      [
        'Date shot',
        'Time',
        'Deer',
        'Sex',
        'Beat',
        'Weight (lbs)',
        'Range (yds)',
        'OS Grid Ref',
        'Comments',
        'Tag no.',
        'Rifle',
      ],
      [],
    );
    expect(mapping.map(({ field, unit }) => [field, unit])).toEqual([
      ['date', undefined],
      ['time', undefined],
      ['species', undefined],
      ['sex', undefined],
      ['location_name', undefined],
      ['weight', 'lb'],
      ['shot_distance', 'yd'],
      ['grid_ref', undefined],
      ['notes', undefined],
      ['carcass_tag', undefined],
      ['calibre', undefined],
    ]);
  });

  it('reads weights in kilograms and distances in metres when the header says so, latitude and longitude apart', () => {
    const mapping = guessMapping(
      ['Wt kg', 'Distance (m)', 'Lat', 'Long', 'Shot placement', 'Shot distance'],
      [],
    );
    expect(mapping.map(({ field, unit }) => [field, unit])).toEqual([
      ['weight', 'kg'],
      ['shot_distance', 'm'],
      ['latitude', undefined],
      ['longitude', undefined],
      ['shot_placement', undefined],
      [null, undefined],
    ]);
  });

  it('guesses from the values what unclear headers hold: dates, date and time together, times, species, sex, grid references', () => {
    const mapping = guessMapping(
      ['A', 'B', 'C', 'D', 'E', 'F'],
      [
        ['05/11/2024', '06:30', 'Roe', 'Buck', 'SK 1234 5678', 'text'],
        ['12/11/2024', '16:05', 'fallow', 'F', 'SK 12 56', 'more'],
      ],
    );
    expect(mapping.map((column) => column.field)).toEqual([
      'date',
      'time',
      'species',
      'sex',
      'grid_ref',
      null,
    ]);
    const together = guessMapping(['When', 'What'], [['05/11/2024 06:30', 'Roe']]);
    expect(together.map((column) => column.field)).toEqual(['date_time', 'species']);
    const dateCells = guessMapping(['Shot on'], [[new Date('2024-11-05T06:30:00Z')]]);
    expect(dateCells[0]).toMatchObject({ field: 'date_time' });
  });

  it('takes figures day first unless the values can only be month first, and year first when written so', () => {
    expect(guessMapping(['Date'], [['05/11/2024'], ['06/11/2024']])[0]?.date_order).toBe('dmy');
    expect(guessMapping(['Date'], [['11/25/2024'], ['11/05/2024']])[0]?.date_order).toBe('mdy');
    expect(guessMapping(['Date'], [['2024-11-25']])[0]?.date_order).toBe('ymd');
  });

  it('fills each field from one column at most: the first that names it', () => {
    const mapping = guessMapping(['Notes', 'More notes', 'Species', 'Species again'], []);
    expect(mapping.map((column) => column.field)).toEqual(['notes', null, 'species', null]);
  });
});
