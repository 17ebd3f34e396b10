import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellText, readDate, readNumber, readTime, readYesNo } from './cell-values';

describe('reading a date', () => {
  it.each([
    ['2024-11-05', '2024-11-05'],
    ['2024/11/5', '2024-11-05'],
    ['05/11/2024', '2024-11-05'],
    ['5/11/24', '2024-11-05'],
    ['05.11.2024', '2024-11-05'],
    ['05-11-2024', '2024-11-05'],
    ['5 Nov 2024', '2024-11-05'],
    ['5th November 2024', '2024-11-05'],
    ['Tue 5 Nov 2024', '2024-11-05'],
    ['November 5, 2024', '2024-11-05'],
    ['31/12/1999', '1999-12-31'],
  ])('reads %s as %s, day first as in the UK', (text, date) => {
    expect(readDate(text)).toEqual({ date });
  });

  it('reads figures month first only when told', () => {
    expect(readDate('11/05/2024', 'mdy')).toEqual({ date: '2024-11-05' });
    expect(readDate('11/05/2024')).toEqual({ date: '2024-05-11' });
  });

  it('reads a time written after the date', () => {
    expect(readDate('05/11/2024 06:30')).toEqual({ date: '2024-11-05', time: '06:30' });
    expect(readDate('2024-11-05T18:05:00')).toEqual({ date: '2024-11-05', time: '18:05' });
    expect(readDate('2024-11-05 6:05 pm')).toEqual({ date: '2024-11-05', time: '18:05' });
  });

  it('reads a date cell by its wall-clock fields, and an Excel serial number with its fraction as the time', () => {
    expect(readDate(new Date('2024-11-05T00:00:00Z'))).toEqual({ date: '2024-11-05' });
    expect(readDate(new Date('2024-11-05T06:30:00Z'))).toEqual({ date: '2024-11-05', time: '06:30' });
    expect(readDate(45601)).toEqual({ date: '2024-11-05' });
    expect(readDate(45601.75)).toEqual({ date: '2024-11-05', time: '18:00' });
  });

  it('is not a date: nonsense, 31 February, month 13, empty, a serial out of range', () => {
    for (const cell of ['soon', '31/02/2024', '05/13/2024', '2024-13-01', '', null, 0, 3_000_000, true])
      expect(readDate(cell)).toBeUndefined();
  });

  it('reads any calendar day the same whichever way it is written', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1950-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (moment) => {
          const day = new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));
          const iso = day.toISOString().slice(0, 10);
          const [year, month, date] = iso.split('-');
          const serial = (day.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000;
          for (const written of [
            iso,
            `${date}/${month}/${year}`,
            `${Number(date)}.${Number(month)}.${year}`,
            day,
            serial,
          ])
            expect(readDate(written)).toEqual({ date: iso });
        },
      ),
    );
  });
});

describe('reading a time', () => {
  it.each([
    ['06:30', '06:30'],
    ['6:30', '06:30'],
    ['06.30', '06:30'],
    ['6h30', '06:30'],
    ['0630', '06:30'],
    ['18:05:59', '18:05'],
    ['6:30 pm', '18:30'],
    ['12:10 am', '00:10'],
    ['6pm', '18:00'],
  ])('reads %s as %s', (text, time) => {
    expect(readTime(text)).toBe(time);
  });

  it('reads a time cell, a fraction of a day and figures as a number', () => {
    expect(readTime(new Date('1899-12-30T16:05:00Z'))).toBe('16:05');
    expect(readTime(0.75)).toBe('18:00');
    expect(readTime(630)).toBe('06:30');
  });

  it('is not a time: 25:00, 06:75, 13 pm, words', () => {
    for (const cell of ['25:00', '06:75', '13pm', 'dawn', 2400, 1.5]) expect(readTime(cell)).toBeUndefined();
  });
});

describe('reading a number', () => {
  it('reads figures, a decimal comma, thousands and a unit after them', () => {
    expect(readNumber(14.5)).toEqual({ value: 14.5 });
    expect(readNumber('14.5')).toEqual({ value: 14.5 });
    expect(readNumber('14,5')).toEqual({ value: 14.5 });
    expect(readNumber('1,234.5')).toEqual({ value: 1234.5 });
    expect(readNumber('-3')).toEqual({ value: -3 });
    expect(readNumber('32 lb')).toEqual({ value: 32, unit: 'lb' });
    expect(readNumber('14.5kg')).toEqual({ value: 14.5, unit: 'kg' });
    expect(readNumber('120 yds')).toEqual({ value: 120, unit: 'yd' });
    expect(readNumber('150 metres')).toEqual({ value: 150, unit: 'm' });
  });

  it('is not a number: words, two numbers, a date', () => {
    for (const cell of ['heavy', '12 to 14', '5/11/2024', new Date(), true, ''])
      expect(readNumber(cell)).toBeUndefined();
  });
});

describe('reading yes or no, and text', () => {
  it('reads the ways a spreadsheet says yes and no', () => {
    for (const yes of ['Yes', 'y', 'TRUE', '1', 'x', '✓', true, 1]) expect(readYesNo(yes)).toBe(true);
    for (const no of ['No', 'n', 'false', '0', false, 0]) expect(readYesNo(no)).toBe(false);
    expect(readYesNo('maybe')).toBeUndefined();
  });

  it('gives a cell as trimmed text, empty as undefined', () => {
    expect(cellText('  Home Wood ')).toBe('Home Wood');
    expect(cellText('   ')).toBeUndefined();
    expect(cellText(null)).toBeUndefined();
    expect(cellText(14.5)).toBe('14.5');
    expect(cellText(true)).toBe('Yes');
    expect(cellText(new Date('2024-11-05T00:00:00Z'))).toBe('2024-11-05');
  });
});
