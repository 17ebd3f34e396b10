import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cullWarningCodes,
  cullWarnings,
  deerRulesFor,
  isInScotland,
  londonInstant,
  warningLine as lineOf,
  withWarnings,
} from './field-rules';

const ENGLAND = { latitude: 52.5, longitude: -1.5 };

/** A record at noon in the Midlands, where night never comes into it. */
function at(
  species: string,
  sex: string,
  date: string,
  extra: Partial<Parameters<typeof cullWarnings>[0]> = {},
) {
  return cullWarnings({ species, sex, date, time: '12:00', ...ENGLAND, ...extra });
}

const codes = (warnings: { code: string }[]) => warnings.map((warning) => warning.code);

/** Each close season of the table: the species as the app names it, the sex, first and last day. */
const CLOSE_SEASONS: [species: string, sex: 'Male' | 'Female', from: string, to: string][] = [
  ['Red Deer', 'Male', '05-01', '07-31'],
  ['Red Deer', 'Female', '04-01', '10-31'],
  ['Sika Deer', 'Male', '05-01', '07-31'],
  ['Sika Deer', 'Female', '04-01', '10-31'],
  ['Red x Sika hybrid', 'Male', '05-01', '07-31'],
  ['Red x Sika hybrid', 'Female', '04-01', '10-31'],
  ['Fallow Deer', 'Male', '05-01', '07-31'],
  ['Fallow Deer', 'Female', '04-01', '10-31'],
  ['Roe Deer', 'Male', '11-01', '03-31'],
  ['Roe Deer', 'Female', '04-01', '10-31'],
  ['Chinese Water Deer', 'Male', '04-01', '10-31'],
  ['Chinese Water Deer', 'Female', '04-01', '10-31'],
];

function dayBefore(monthDay: string, year: number): string {
  const date = new Date(`${year}-${monthDay}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

function dayAfter(monthDay: string, year: number): string {
  const date = new Date(`${year}-${monthDay}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

describe('close seasons (Deer Act 1991, Schedule 1)', () => {
  it.each(CLOSE_SEASONS)(
    '%s %s: closed from %s to %s inclusive, open the days either side',
    (species, sex, from, to) => {
      expect(codes(at(species, sex, `2026-${from}`))).toEqual(['close_season']);
      expect(codes(at(species, sex, `2026-${to}`))).toEqual(['close_season']);
      expect(at(species, sex, dayBefore(from, 2026))).toEqual([]);
      expect(at(species, sex, dayAfter(to, 2026))).toEqual([]);
    },
  );

  it('warns of a Roe doe on 15 June and names the rule and the exceptions', () => {
    const [warning] = at('Roe Deer', 'Female', '2026-06-15');
    expect(warning?.code).toBe('close_season');
    expect(warning?.message).toContain('Roe Deer females (1 April to 31 October)');
    expect(warning?.message).toContain('Deer Act 1991, Schedule 1');
    for (const exception of [
      'licence (section 8)',
      "occupier's exemption (section 7)",
      'seriously injured',
      '6(2A)',
    ]) {
      expect(warning?.message).toContain(exception);
    }
  });

  it('never warns of a Muntjac, nor of fox, rabbit or another species', () => {
    for (const date of ['2026-01-15', '2026-04-15', '2026-06-15', '2026-11-15']) {
      for (const species of ['Muntjac', 'Fox', 'Rabbit', 'Grey Squirrel', 'Other']) {
        for (const sex of ['Male', 'Female', 'Unknown']) expect(at(species, sex, date)).toEqual([]);
      }
    }
  });

  it('warns of a deer of unknown sex in either close season, naming both where both are closed', () => {
    expect(codes(at('Roe Deer', 'Unknown', '2026-12-01'))).toEqual(['close_season']);
    expect(at('Roe Deer', 'Unknown', '2026-12-01')[0]?.message).toContain('males (1 November to 31 March)');
    expect(codes(at('Red Deer', 'Unknown', '2026-04-10'))).toEqual(['close_season']);
    expect(at('Red Deer', 'Unknown', '2026-06-10')[0]?.message).toMatch(
      /males .* and females .*sex is unknown/,
    );
    expect(at('Red Deer', 'Unknown', '2026-11-10')).toEqual([]);
  });

  it('knows species typed under Other by their usual names, and not by words that merely contain them', () => {
    expect(deerRulesFor('roe')?.name).toBe('Roe Deer');
    expect(deerRulesFor("Reeves' muntjac")?.name).toBe('Muntjac');
    expect(deerRulesFor('Water deer')?.name).toBe('Chinese Water Deer');
    expect(deerRulesFor('Red/Sika hybrid')?.name).toBe('Red × Sika hybrids');
    expect(deerRulesFor('Heroes')).toBeUndefined();
    expect(deerRulesFor('Redwing')).toBeUndefined();
  });

  it('says the England and Wales table does not apply to a record in Scotland', () => {
    const [warning] = at('Roe Deer', 'Female', '2026-06-15', { latitude: 56.8, longitude: -4.2 });
    expect(warning?.code).toBe('close_season');
    expect(warning?.message).toContain('Scotland');
    expect(warning?.message).toContain('does not apply');
  });
});

describe('Scotland, coarsely', () => {
  it.each([
    ['Edinburgh', 55.95, -3.19, true],
    ['Dumfries', 55.07, -3.61, true],
    ['Newcastleton', 55.18, -2.81, true],
    ['Kelso', 55.6, -2.43, true],
    ['Inverness', 57.48, -4.22, true],
    ['Stornoway', 58.21, -6.39, true],
    ['Carlisle', 54.89, -2.93, false],
    ['Kielder', 55.23, -2.58, false],
    ['Wooler', 55.55, -2.01, false],
    ['Berwick-upon-Tweed', 55.77, -2.0, false],
    ['Belfast', 54.6, -5.93, false],
    ['Isle of Man', 54.23, -4.55, false],
    ['Birmingham', 52.48, -1.89, false],
  ] as const)('%s', (_place, latitude, longitude, scottish) => {
    expect(isInScotland(latitude, longitude)).toBe(scottish);
  });

  it('is false without coordinates', () => {
    expect(isInScotland(undefined, undefined)).toBe(false);
    expect(isInScotland(null, -3)).toBe(false);
  });
});

describe('night (Deer Act 1991, section 3)', () => {
  // Almanac times for central London (51.5074, -0.1278): 21 June 2026 sunrise 04:43, sunset 21:21 (BST);
  // 21 December 2026 sunrise 08:04, sunset 15:53 (GMT). Night runs from an hour after sunset to an hour before sunrise.
  const LONDON = { latitude: 51.5074, longitude: -0.1278 };
  const roeBuck = (date: string, time: string) =>
    cullWarnings({ species: 'Roe Deer', sex: 'Male', date, time, ...LONDON });

  it.each([
    ['2026-06-21', '22:18', false],
    ['2026-06-21', '22:25', true],
    ['2026-06-21', '03:39', true],
    ['2026-06-21', '03:47', false],
    ['2026-12-21', '16:50', false],
    ['2026-12-21', '16:57', true],
    ['2026-12-21', '07:00', true],
    ['2026-12-21', '07:08', false],
  ] as const)('on %s at %s: night %s', (date, time, night) => {
    expect(codes(roeBuck(date, time)).includes('night')).toBe(night);
  });

  it('calls 23:30 in June at 52.5, -1.5 night, and says when shooting is allowed and why it may still be lawful', () => {
    const warnings = cullWarnings({
      species: 'Muntjac',
      sex: 'Male',
      date: '2026-06-15',
      time: '23:30',
      ...ENGLAND,
    });
    expect(codes(warnings)).toEqual(['night']);
    expect(warnings[0]?.message).toMatch(/allowed from 03:\d\d .* until 22:\d\d/);
    expect(warnings[0]?.message).toContain('section 3');
    expect(warnings[0]?.message).toContain('licence (section 8)');
  });

  it('works the night out for the centre of England when the record has no coordinates, and says so', () => {
    const warnings = cullWarnings({ species: 'Fallow Deer', sex: 'Male', date: '2026-01-10', time: '02:00' });
    expect(codes(warnings)).toEqual(['night']);
    expect(warnings[0]?.message).toContain('centre of England');
  });

  it('warns of deer only: a fox at night is no offence under the Deer Act', () => {
    expect(
      cullWarnings({ species: 'Fox', sex: 'Male', date: '2026-06-15', time: '23:30', ...ENGLAND }),
    ).toEqual([]);
  });

  it('gives both warnings when both apply', () => {
    const warnings = cullWarnings({
      species: 'Roe Deer',
      sex: 'Female',
      date: '2026-06-15',
      time: '23:30',
      ...ENGLAND,
    });
    expect(codes(warnings)).toEqual(['close_season', 'night']);
  });
});

describe('warning codes alone', () => {
  const twoDigits = (top: number) => fc.integer({ min: 0, max: top }).map((n) => String(n).padStart(2, '0'));
  const facts = fc.record({
    species: fc.constantFrom(
      'Roe Deer',
      'Red Deer',
      'Fallow Deer',
      'Sika Deer',
      'Muntjac',
      'Fox',
      'hind',
      'Other',
    ),
    sex: fc.constantFrom('Male', 'Female', 'Unknown'),
    date: fc
      .tuple(fc.integer({ min: 2015, max: 2030 }), twoDigits(11), fc.integer({ min: 1, max: 28 }))
      .map(
        ([year, month, day]) =>
          `${year}-${String(Number(month) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      ),
    time: fc.tuple(twoDigits(23), twoDigits(59)).map(([hour, minute]) => `${hour}:${minute}`),
    latitude: fc.option(fc.double({ min: 49.5, max: 61, noNaN: true }), { nil: null }),
    longitude: fc.option(fc.double({ min: -8, max: 2, noNaN: true }), { nil: null }),
    calibre: fc.option(
      fc.record({
        name: fc.constantFrom('.243 Win', '.22 LR', 'Other'),
        bore_in: fc.constantFrom(0.22, 0.243, 0.308),
      }),
      { nil: null },
    ),
    bullet_weight_gr: fc.option(fc.integer({ min: 30, max: 200 }), { nil: null }),
    muzzle_energy_j: fc.option(fc.integer({ min: 500, max: 4000 }), { nil: null }),
  });

  it("are the codes of the record's warnings, in their order, read once or again", () => {
    fc.assert(
      fc.property(facts, (record) => {
        const expected = codes(cullWarnings(record));
        expect(cullWarningCodes(record)).toEqual(expected);
        expect(cullWarningCodes(record)).toEqual(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  it("work out each place's light on a day, whichever place is asked first", () => {
    // 23:00 on midsummer's day: within an hour of sunset in Shetland, over an hour after it in Cornwall.
    const shetland = {
      species: 'Roe Deer',
      sex: 'Male',
      date: '2026-06-21',
      time: '23:00',
      latitude: 60.3,
      longitude: -1.3,
    };
    const cornwall = { ...shetland, latitude: 50.1, longitude: -5.5 };
    expect([cullWarningCodes(shetland), cullWarningCodes(cornwall)]).toEqual([[], ['night']]);
    const later = { date: '2026-06-22' };
    expect([
      cullWarningCodes({ ...cornwall, ...later }),
      cullWarningCodes({ ...shetland, ...later }),
    ]).toEqual([['night'], []]);
  });

  it('say night for a record at night without coordinates, worked out for the centre of England', () => {
    const record = { species: 'Roe Deer', sex: 'Male', date: '2026-06-21', time: '23:50' };
    expect(cullWarningCodes(record)).toEqual(['night']);
    expect(cullWarningCodes({ ...record, time: '12:00' })).toEqual([]);
  });
});

describe('London wall clock', () => {
  it('names the right moment in winter and in summer', () => {
    expect(londonInstant('2026-01-10', '06:00').toISOString()).toBe('2026-01-10T06:00:00.000Z');
    expect(londonInstant('2026-06-10', '06:00').toISOString()).toBe('2026-06-10T05:00:00.000Z');
    expect(londonInstant('2026-03-29', '03:30').toISOString()).toBe('2026-03-29T02:30:00.000Z');
    // The hour after the autumn's repeated hour is winter time again.
    expect(londonInstant('2026-10-25', '02:30').toISOString()).toBe('2026-10-25T02:30:00.000Z');
    // Asked again, from what is already worked out, the answers are the same.
    expect(londonInstant('2026-06-10', '06:00').toISOString()).toBe('2026-06-10T05:00:00.000Z');
  });
});

describe('withWarnings', () => {
  it('adds the warnings to the record and keeps everything else', () => {
    const record = {
      id: 'x',
      species: 'Roe Deer',
      sex: 'Female',
      date: '2026-06-15',
      time: '12:00',
      ...ENGLAND,
    };
    expect(withWarnings(record)).toEqual({
      ...record,
      warnings: [expect.objectContaining({ code: 'close_season' })],
    });
  });
});

describe('a warning in one line', () => {
  const noon = { time: '12:00', ...ENGLAND };
  // Read as printed: a close season's dates are kept whole on a line by no-break spaces.
  const warningLine = (...args: Parameters<typeof lineOf>) => lineOf(...args).replaceAll('\u00a0', ' ');

  it('keeps each date of a close season whole, and breaks the line only after the dash', () => {
    expect(lineOf('close_season', { species: 'Roe Deer', sex: 'Male', date: '2026-12-01', ...noon })).toBe(
      'Close season for roe bucks: 1\u00a0Nov\u00a0– 31\u00a0Mar',
    );
  });

  it('names the species and sex as stalkers do, and the close season in short dates', () => {
    expect(
      warningLine('close_season', { species: 'Roe Deer', sex: 'Male', date: '2026-12-01', ...noon }),
    ).toBe('Close season for roe bucks: 1 Nov – 31 Mar');
    expect(
      warningLine('close_season', { species: 'Red Deer', sex: 'Female', date: '2026-06-15', ...noon }),
    ).toBe('Close season for red hinds: 1 Apr – 31 Oct');
    expect(
      warningLine('close_season', { species: 'Fallow Deer', sex: 'Male', date: '2026-05-15', ...noon }),
    ).toBe('Close season for fallow bucks: 1 May – 31 Jul');
  });

  it('names both sexes of a deer of unknown sex where both seasons are closed, and says when the sex is unknown', () => {
    expect(
      warningLine('close_season', { species: 'Sika Deer', sex: 'Unknown', date: '2026-06-15', ...noon }),
    ).toBe('Close season for sika stags (1 May – 31 Jul) and hinds (1 Apr – 31 Oct)');
    expect(
      warningLine('close_season', { species: 'Roe Deer', sex: 'Unknown', date: '2026-06-15', ...noon }),
    ).toBe('Close season for roe does (sex not given): 1 Apr – 31 Oct');
    expect(
      warningLine('close_season', {
        species: 'Chinese Water Deer',
        sex: 'Unknown',
        date: '2026-06-15',
        ...noon,
      }),
    ).toBe('Close season for Chinese water deer (sex not given): 1 Apr – 31 Oct');
  });

  it('says the table is England and Wales’s for a record in Scotland', () => {
    const scotland = { time: '12:00', latitude: 56.8, longitude: -4.2 };
    expect(
      warningLine('close_season', { species: 'Roe Deer', sex: 'Male', date: '2026-12-01', ...scotland }),
    ).toBe('Close season in England and Wales for roe bucks: 1 Nov – 31 Mar');
  });

  it('gives the hours deer may be shot that day for a shot at night', () => {
    const facts = { species: 'Roe Deer', sex: 'Male', date: '2026-06-15', time: '23:30', ...ENGLAND };
    expect(codes(cullWarnings(facts))).toEqual(['night']);
    expect(warningLine('night', facts)).toMatch(
      /^Shot at night: deer may be shot 0[34]:\d\d – 2[23]:\d\d that day$/,
    );
  });

  it('lists what falls short of the legal rifle', () => {
    const facts = {
      species: 'Roe Deer',
      sex: 'Male',
      date: '2026-12-01',
      ...noon,
      calibre: { name: '.22 Hornet', bore_in: 0.224 },
      bullet_type: 'Full metal jacket' as const,
    };
    expect(codes(cullWarnings(facts))).toContain('calibre');
    expect(warningLine('calibre', facts)).toBe(
      'Rifle below the legal minimum for roe: calibre and bullet type',
    );
  });

  it('names the carcass tag used twice', () => {
    const facts = { species: 'Roe Deer', sex: 'Male', date: '2026-12-01', ...noon, carcass_tag: 'R12' };
    expect(warningLine('duplicate_tag', facts)).toBe('Carcass tag R12 is on another record this season');
  });

  it('names the rule only without the record, or where the record does not bear the warning out', () => {
    expect(warningLine('close_season')).toBe('Close season');
    expect(warningLine('night')).toBe('Shot at night');
    expect(
      warningLine('close_season', { species: 'Roe Deer', sex: 'Male', date: '2026-06-15', ...noon }),
    ).toBe('Close season');
    expect(
      warningLine('duplicate_tag', { species: 'Roe Deer', sex: 'Male', date: '2026-06-15', ...noon }),
    ).toBe('Carcass tag used twice this season');
  });
});

describe('warnings worked out once for the same facts', () => {
  it('answers the same facts alike each time, in a list of its own that a caller may add to', () => {
    const facts = { species: 'Roe Deer', sex: 'Male', date: '2025-12-01', time: '23:30', ...ENGLAND };
    const first = cullWarnings(facts);
    expect(first.map(({ code }) => code)).toEqual(['close_season', 'night']);
    first.push({ code: 'duplicate_tag', message: 'added by a caller' });
    expect(cullWarnings({ ...facts })).toEqual(first.slice(0, 2));
  });

  it('tells apart facts that differ in any field a warning reads', () => {
    const base = { species: 'Roe Deer', sex: 'Male', date: '2025-06-01', time: '12:00', ...ENGLAND };
    expect(cullWarnings(base)).toEqual([]);
    expect(cullWarnings({ ...base, sex: 'Female' }).map(({ code }) => code)).toEqual(['close_season']);
    expect(cullWarnings({ ...base, time: '01:00' }).map(({ code }) => code)).toEqual(['night']);
    expect(
      cullWarnings({ ...base, calibre: { name: '.22 Hornet', bore_in: 0.224 } }).map(({ code }) => code),
    ).toEqual(['calibre']);
    expect(cullWarnings({ ...base, muzzle_energy_j: 1000 }).map(({ code }) => code)).toEqual(['calibre']);
    expect(cullWarnings(base)).toEqual([]);
  });
});
