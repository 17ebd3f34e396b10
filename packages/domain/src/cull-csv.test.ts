import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountCsvHeader,
  accountCsvRow,
  csvOutingLabel,
  csvWarnings,
  exportCsvHeader,
  exportCsvRow,
  teamExportCsvHeader,
  teamExportCsvRow,
  CSV_COLUMNS,
  ORIGINAL_CSV_COLUMN_COUNT,
  csvHeader,
  csvRow,
  neutraliseFormula,
  toCsvLine,
} from './cull-csv';
import { redStag, roeDoe } from './testing/fixtures';

const ADDED_HEADERS = [
  'Grid Reference',
  'Latitude',
  'Longitude',
  'Condition Notes',
  'Calibre',
  'Bore (in)',
  'Bullet Weight (gr)',
  'Bullet Type',
  'Muzzle Velocity (fps)',
  'Muzzle Energy (J)',
  'Shooter',
  'Carcass Tag',
  'Carcass Destination',
  'Game Dealer',
  'Examined By',
  'Certificate Number',
  'Abnormal Behaviour',
  'Abnormalities',
  'Other Abnormality',
  'Contamination Suspected',
  'Temperature (°C)',
  'Wind Speed (mph)',
  'Wind Direction',
  'Cloud',
  'Precipitation',
];

describe('CSV export', () => {
  it('writes the place and every carcass field in the columns after the fourteen', () => {
    const row = csvRow({
      ...roeDoe,
      grid_ref: 'SK 1234 5678',
      latitude: 53.1,
      longitude: -1.6,
      condition_notes: 'Fat',
      calibre: { name: '.243 Win' },
      bullet_weight_gr: 100,
      bullet_type: 'Soft point',
      muzzle_velocity_fps: 2960,
      muzzle_energy_j: 2637,
      shooter: 'Jo Bloggs',
      carcass_tag: 'AF-42',
      carcass_destination: 'Game dealer',
      game_dealer: 'Downs Game',
      inspection: {
        examined_by: 'Jo Bloggs',
        certificate_number: 'DSC1-1',
        abnormal_behaviour: false,
        abnormalities: ['parasites', 'other'],
        other_abnormality: 'Ked',
        contamination_suspected: true,
      },
      weather: {
        temperature_c: -2,
        wind_speed_mph: 5,
        wind_direction: 'SW',
        cloud: 'Clear',
        precipitation: 'None',
      },
    });
    expect(row.slice(ORIGINAL_CSV_COLUMN_COUNT)).toEqual([
      'SK 1234 5678',
      '53.1',
      '-1.6',
      'Fat',
      '.243 Win',
      '0.243',
      '100',
      'Soft point',
      '2960',
      '2637',
      'Jo Bloggs',
      'AF-42',
      'Game dealer',
      'Downs Game',
      'Jo Bloggs',
      'DSC1-1',
      'No',
      'Parasites (liver fluke, lungworm, ked); Other',
      'Ked',
      'Yes',
      '-2',
      '5',
      'SW',
      'Clear',
      'None',
    ]);
    expect(
      csvRow({ ...roeDoe, calibre: { name: '.275 Rigby', bore_in: 0.284 } })[ORIGINAL_CSV_COLUMN_COUNT + 5],
    ).toBe('0.284');
  });

  it('neutralises a formula in any of the new text cells, and keeps negative numbers as numbers', () => {
    const line = toCsvLine(
      csvRow({
        ...roeDoe,
        longitude: -1.6,
        shooter: '=HYPERLINK("x")',
        carcass_tag: '+44',
        game_dealer: '@SUM(A1)',
        calibre: { name: '-1+1' },
        inspection: {
          examined_by: '=1+1',
          certificate_number: '-2+3',
          abnormal_behaviour: false,
          abnormalities: ['other'],
          other_abnormality: '\t=cmd',
          contamination_suspected: false,
        },
        weather: { temperature_c: -3 },
      }),
    );
    for (const cell of [
      '"\'=HYPERLINK(""x"")"',
      '"\'@SUM(A1)"',
      '"\'-1+1"',
      '"\'=1+1"',
      '"\'-2+3"',
      '"\'\t=cmd"',
    ]) {
      expect(line).toContain(cell);
    }
    expect(line).toContain('"+44"');
    expect(line).toContain('"-1.6"');
    expect(line).toContain('"-3"');
  });

  it('has the fourteen export columns first and in order, then the place and carcass columns in their order', () => {
    expect(CSV_COLUMNS.map((csvColumn) => csvColumn.header).slice(ORIGINAL_CSV_COLUMN_COUNT)).toEqual(
      ADDED_HEADERS,
    );
    expect(CSV_COLUMNS.map((csvColumn) => csvColumn.header).slice(0, ORIGINAL_CSV_COLUMN_COUNT)).toEqual([
      'Date',
      'Time',
      'Location',
      'Species',
      'Sex',
      'Age',
      'Weight',
      'Condition',
      'Shot Placement',
      'Shot Distance',
      'Antlers Present',
      'Antler Points',
      'Antler Condition',
      'Notes',
    ]);
    expect(csvHeader).toBe(
      '"Date","Time","Location","Species","Sex","Age","Weight","Condition","Shot Placement","Shot Distance",' +
        `"Antlers Present","Antler Points","Antler Condition","Notes",${ADDED_HEADERS.map((header) => `"${header}"`).join(',')}\r\n`,
    );
  });

  it('writes a record with antlers, Yes and the antler details', () => {
    expect(csvRow({ ...redStag, notes: 'Clean kill' }).slice(0, ORIGINAL_CSV_COLUMN_COUNT)).toEqual([
      '2026-09-20',
      '19:30',
      'High Moor',
      'Red Deer',
      'Male',
      'Mature Adult',
      '',
      'Excellent',
      'Heart/Lung',
      '150 meters, 80 yards',
      'Yes',
      '10',
      'Good',
      'Clean kill',
    ]);
  });

  it('writes No for antlers and empty strings for absent values', () => {
    expect(csvRow(roeDoe).slice(ORIGINAL_CSV_COLUMN_COUNT + 4)).toEqual(ADDED_HEADERS.slice(4).map(() => ''));
    expect(csvRow(roeDoe).slice(0, ORIGINAL_CSV_COLUMN_COUNT)).toEqual([
      '2026-11-03',
      '06:00',
      'Home Wood',
      'Roe Deer',
      'Female',
      'Adult',
      '14.5',
      'Good',
      'Heart/Lung',
      '',
      'No',
      '',
      '',
      '',
    ]);
    expect(csvRow({ ...roeDoe, weight: 0, antlers_present: true, antler_points: 0 })[6]).toBe('0');
  });

  it('quotes every value, doubles quotes, keeps commas and new lines inside, ends with CRLF', () => {
    expect(toCsvLine(['a', '', 'say "hi"', 'one, two', 'line\nbreak'])).toBe(
      '"a","","say ""hi""","one, two","line\nbreak"\r\n',
    );
  });

  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+44 7700 900000', "'+44 7700 900000"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['\rReturn', "'\rReturn"],
    ['\u0000=1+1', "'\u0000=1+1"],
    ['\nLine', "'\nLine"],
    ['\u001bEscape', "'\u001bEscape"],
    ['\u007fDelete', "'\u007fDelete"],
    ['Roe\u0000', 'Roe\u0000'],
    ['-3.5', '-3.5'],
    ['+7', '+7'],
    ['-', "'-"],
    ['14.5', '14.5'],
    ['Roe = Deer', 'Roe = Deer'],
    ['', ''],
  ])('neutralises %j as %j', (value, expected) => {
    expect(neutraliseFormula(value)).toBe(expected);
  });

  it('neutralises formulas in a line before quoting', () => {
    expect(toCsvLine(['=HYPERLINK("http://x")', '-3.5'])).toBe('"\'=HYPERLINK(""http://x"")","-3.5"\r\n');
  });

  it('writes any values as neutralising, doubling quotes and joining every cell would', () => {
    const cell = fc.oneof(
      fc.string(),
      fc
        .tuple(
          fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\u0000', '\n', '\u001f', '\u007f', '"', ''),
          fc.string(),
        )
        .map(([a, b]) => a + b),
      fc.double({ noNaN: true }).map(String),
    );
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 16 }), (values) => {
        const cells = values.map((value) => `"${neutraliseFormula(value).replaceAll('"', '""')}"`);
        expect(toCsvLine(values)).toBe(`${cells.join(',')}\r\n`);
      }),
    );
  });
});

describe('the record columns after every other', () => {
  it('end the export, the team export and the account download with Record ID, Outing and Warnings', () => {
    for (const header of [exportCsvHeader, teamExportCsvHeader, accountCsvHeader]) {
      expect(header.startsWith('"Date","Time","Location","Species","Sex","Age","Weight",')).toBe(true);
      expect(header.endsWith('"Record ID","Outing","Warnings"\r\n')).toBe(true);
    }
    expect(teamExportCsvHeader).toContain('"Ground","Culled by","Record ID"');
  });

  it('name an outing by its start in UK time, summer or winter', () => {
    expect(csvOutingLabel('2026-06-14T04:05:00.000Z')).toBe('14/06/2026 05:05');
    expect(csvOutingLabel('2026-01-10T23:30:00.000Z')).toBe('10/01/2026 23:30');
    expect(csvOutingLabel('2026-10-24T23:30:00.000Z')).toBe('25/10/2026 00:30');
  });

  it('write the legal warnings short, in the order the app gives them, and nothing for none', () => {
    expect(csvWarnings({ ...roeDoe, date: '2026-06-14', time: '23:30', calibre: { name: '.223 Rem' } })).toBe(
      'Close season; Shot at night; Rifle or bullet under the legal minimum',
    );
    expect(csvWarnings({ ...roeDoe, date: '2026-11-14', time: '12:00' })).toBe('');
  });

  it('give a row its values after the record’s own', () => {
    const facts = { id: 'a1b2', outingStartedAt: '2026-11-14T07:00:00.000Z' };
    const record = { ...roeDoe, date: '2026-11-14', time: '12:00' };
    expect(exportCsvRow(record, 'Home Wood', facts).slice(-4)).toEqual([
      'Home Wood',
      'a1b2',
      '14/11/2026 07:00',
      '',
    ]);
    expect(teamExportCsvRow(record, null, 'Jo', facts).slice(-5)).toEqual([
      '',
      'Jo',
      'a1b2',
      '14/11/2026 07:00',
      '',
    ]);
    expect(accountCsvRow(record, { id: 'a1b2', outingStartedAt: null }).slice(-3)).toEqual(['a1b2', '', '']);
  });
});
