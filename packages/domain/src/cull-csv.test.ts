import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvHeader, csvRow, neutraliseFormula, toCsvLine } from './cull-csv';
import { redStag, roeDoe } from './testing/fixtures';

describe('CSV export', () => {
  it('has the fourteen export columns in order', () => {
    expect(CSV_COLUMNS.map((csvColumn) => csvColumn.header)).toEqual([
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
        '"Antlers Present","Antler Points","Antler Condition","Notes"\r\n',
    );
  });

  it('writes a record with antlers, Yes and the antler details', () => {
    expect(csvRow({ ...redStag, notes: 'Clean kill' })).toEqual([
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
    expect(csvRow(roeDoe)).toEqual([
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
      fc.tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', '"', ''), fc.string()).map(([a, b]) => a + b),
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
