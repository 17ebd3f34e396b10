import {
  ABNORMALITY_CODES,
  AGE_ESTIMATES,
  ANTLER_CONDITIONS,
  BULLET_TYPES,
  CALIBRES,
  CARCASS_DESTINATIONS,
  CARCASS_MESSAGES,
  CLOUD_COVER,
  CONDITIONS,
  GRID_REFERENCE_MESSAGES,
  MESSAGES,
  PRECIPITATION,
  RecordCullRequest,
  SEXES,
  SHOT_PLACEMENTS,
  SPECIES,
  WIND_DIRECTIONS,
  type ImportMapping,
} from '@cull-log/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportCsvRow, exportCsvHeader, teamExportCsvRow } from '../cull-csv';
import { FUTURE_MESSAGES } from '../cull-moment';
import { duplicateKey } from './duplicate-key';
import { guessMapping } from './guess-mapping';
import type { ImportCell } from './import-cell';
import { IMPORT_MESSAGES } from './import-messages';
import { defaultsNeeded, mapRow, type MappedRow } from './map-row';

const NOW = new Date('2026-11-27T12:00:00Z');
const NORTH_BEAT = { id: '5b3f2d1e-8c4a-4f6b-9a2d-1e3c5b7d9f0a', name: 'North Beat' };
const context = { now: NOW, grounds: [NORTH_BEAT] };

const FIRST_LIGHT_HEADER =
  'Date,Time,Species,Sex,Location,Ground,Weight(kg),Tag,Calibre,Distance(m),Placement,Age class,Shooter,Destination,Notes'.split(
    ',',
  );
const firstLight = guessMapping(FIRST_LIGHT_HEADER, []);

function firstLightRow(values: Partial<Record<(typeof FIRST_LIGHT_HEADER)[number], string>>): ImportCell[] {
  const row: Record<string, string> = {
    Date: '2024-11-05',
    Time: '06:30',
    Species: 'Roe Deer',
    Sex: 'Doe',
    Location: 'Home Wood',
    Ground: 'North Beat',
    'Weight(kg)': '14.5',
    Tag: 'T-0042',
    Calibre: '.243',
    'Distance(m)': '120',
    Placement: 'Heart / Lung',
    'Age class': 'Adult',
    Shooter: 'Sam',
    Destination: 'Game Dealer',
    Notes: 'Clean',
    ...values,
  };
  return FIRST_LIGHT_HEADER.map((header) => (row[header] === '' ? null : row[header]!));
}

function ok(mapped: MappedRow) {
  if (!mapped.ok) throw new Error(`refused: ${JSON.stringify(mapped.refusals)}`);
  return mapped;
}

function refusals(mapped: MappedRow) {
  if (mapped.ok) throw new Error(`imported: ${JSON.stringify(mapped.request)}`);
  return mapped.refusals;
}

describe('a First Light Cull Diary export', () => {
  it('has no Condition: the default is needed, and until it is chosen each row is refused naming Condition', () => {
    expect(defaultsNeeded(firstLight, {})).toEqual(['condition']);
    expect(defaultsNeeded(firstLight, { condition: 'Good' })).toEqual([]);
    expect(refusals(mapRow(firstLightRow({}), firstLight, {}, context))).toEqual([
      {
        column: null,
        reason: 'Condition is required: the file has no column for it, so choose one for every row',
      },
    ]);
  });

  it('imports a row with the chosen condition, every value read to Cull Log’s lists and each adjusted one listed', () => {
    const mapped = ok(mapRow(firstLightRow({}), firstLight, { condition: 'Good' }, context));
    expect(mapped.request).toEqual({
      date: '2024-11-05',
      time: '06:30',
      species: 'Roe Deer',
      sex: 'Female',
      location_name: 'Home Wood',
      ground_id: NORTH_BEAT.id,
      weight: 14.5,
      carcass_tag: 'T-0042',
      calibre: { name: '.243 Win' },
      shot_distance: '120 metres',
      shot_placement: 'Heart/Lung',
      age_estimate: 'Adult',
      condition: 'Good',
      shooter: 'Sam',
      carcass_destination: 'Game dealer',
      notes: 'Clean',
      antlers_present: false,
    });
    expect(mapped.adjustments).toEqual([
      { column: 'Sex', from: 'Doe', to: 'Female' },
      { column: 'Calibre', from: '.243', to: '.243 Win' },
      { column: 'Placement', from: 'Heart / Lung', to: 'Heart/Lung' },
      { column: 'Destination', from: 'Game Dealer', to: 'Game dealer' },
    ]);
    expect(mapped.warnings).toEqual([]);
  });

  it.each([
    ['Roe Deer', 'Buck', 'Roe Deer', 'Male'],
    ['Fallow', 'Doe', 'Fallow Deer', 'Female'],
    ['Muntjac', 'Buck', 'Muntjac', 'Male'],
    ['CWD', 'Doe', 'Chinese Water Deer', 'Female'],
    ['Red Deer', 'Stag', 'Red Deer', 'Male'],
    ['Sika', 'Hind', 'Sika Deer', 'Female'],
  ])('reads %s %s as %s, %s', (species, sex, toSpecies, toSex) => {
    const mapped = ok(
      mapRow(
        firstLightRow({ Species: species, Sex: sex, Date: '2025-01-10' }),
        firstLight,
        { condition: 'Good' },
        context,
      ),
    );
    expect(mapped.request).toMatchObject({ species: toSpecies, sex: toSex });
    expect(mapped.adjustments).toContainEqual({ column: 'Sex', from: sex, to: toSex });
  });

  it.each([
    ['Heart / Lung', 'Heart/Lung'],
    ['High Shoulder', 'Shoulder'],
    ['Neck', 'Head/Neck'],
    ['Head', 'Head/Neck'],
    ['Abdomen', 'Gut Shot'],
    ['Haunch', 'Limb'],
    ['Spine', 'Spine'],
  ])('reads the placement %s as %s, saying so', (placement, value) => {
    const mapped = ok(
      mapRow(firstLightRow({ Placement: placement }), firstLight, { condition: 'Good' }, context),
    );
    expect(mapped.request.shot_placement).toBe(value);
    expect(mapped.adjustments).toContainEqual({
      column: 'Placement',
      from: placement,
      to: placement === 'Spine' ? 'Other (Spine)' : value,
    });
  });

  it.each([
    ['Calf / Kid / Fawn', 'Young'],
    ['Yearling', 'Young Adult'],
    ['Adult', 'Adult'],
  ])('reads the age class %s as %s', (age, value) => {
    expect(
      ok(mapRow(firstLightRow({ 'Age class': age }), firstLight, { condition: 'Good' }, context)).request
        .age_estimate,
    ).toBe(value);
  });

  it('a ground that is not one of the user’s is a warning, and the record comes without a ground', () => {
    const mapped = ok(
      mapRow(firstLightRow({ Ground: 'South Beat' }), firstLight, { condition: 'Good' }, context),
    );
    expect(mapped.request.ground_id).toBeUndefined();
    expect(mapped.warnings).toEqual([
      { code: 'unknown_ground', message: IMPORT_MESSAGES.unknownGround('South Beat') },
    ]);
  });

  it('a destination with no near one is refused in the form’s words', () => {
    expect(
      refusals(
        mapRow(firstLightRow({ Destination: 'Sold at market' }), firstLight, { condition: 'Good' }, context),
      ),
    ).toEqual([{ column: 'Destination', reason: CARCASS_MESSAGES.destination }]);
  });
});

const simple = (headers: string[], sample: ImportCell[][] = []) => guessMapping(headers, sample);
const everything = { condition: 'Good', age_estimate: 'Adult', shot_placement: 'Heart/Lung' } as const;

describe('refusals, in the form’s words and at the column at fault', () => {
  const mapping = simple([
    'Date',
    'Time',
    'Species',
    'Sex',
    'Location',
    'Weight',
    'Grid ref',
    'Antler points',
  ]);
  const row = (values: Partial<Record<string, ImportCell>>) =>
    ['Date', 'Time', 'Species', 'Sex', 'Location', 'Weight', 'Grid ref', 'Antler points'].map(
      (header) =>
        (
          ({
            Date: '05/11/2024',
            Time: '06:30',
            Species: 'Roe Deer',
            Sex: 'Female',
            Location: 'Home Wood',
            ...values,
          }) as Record<string, ImportCell>
        )[header] ?? null,
    );

  it('a date in the future, or a time later than now today', () => {
    expect(refusals(mapRow(row({ Date: '01/01/2027' }), mapping, everything, context))).toEqual([
      { column: 'Date', reason: FUTURE_MESSAGES.date },
    ]);
    expect(
      refusals(mapRow(row({ Date: '27/11/2026', Time: '18:00' }), mapping, everything, context)),
    ).toEqual([{ column: 'Time', reason: FUTURE_MESSAGES.time }]);
  });

  it('a date in 1890', () => {
    expect(refusals(mapRow(row({ Date: '05/11/1890' }), mapping, everything, context))).toEqual([
      { column: 'Date', reason: 'Date must be in 1950 or later: check the year' },
    ]);
  });

  it('a date or time that is not one, and a required value missing', () => {
    expect(
      refusals(mapRow(row({ Date: 'soon', Time: 'dawn', Species: null }), mapping, everything, context)),
    ).toEqual([
      { column: 'Date', reason: 'Date must be a valid date (YYYY-MM-DD)' },
      { column: 'Time', reason: 'Time must be HH:MM' },
      { column: 'Species', reason: 'Species is required' },
    ]);
  });

  it('a weight, grid reference or antler points that is not one', () => {
    expect(
      refusals(
        mapRow(
          row({ Weight: 'heavy', 'Grid ref': 'SK 123', 'Antler points': '2.5' }),
          mapping,
          everything,
          context,
        ),
      ),
    ).toEqual([
      { column: 'Grid ref', reason: GRID_REFERENCE_MESSAGES.unevenFigures },
      { column: 'Weight', reason: 'Weight must be a number' },
      { column: 'Antler points', reason: 'Antler points must be a whole number' },
    ]);
  });

  it('text that could hide what it says', () => {
    expect(refusals(mapRow(row({ Location: 'Home\u202EWood' }), mapping, everything, context))).toEqual([
      { column: 'Location', reason: MESSAGES.unsafeText },
    ]);
  });

  it('a sex, age or condition not on the lists', () => {
    const lists = simple(['Date', 'Time', 'Species', 'Sex', 'Location', 'Age', 'Condition', 'Placement']);
    expect(
      refusals(
        mapRow(
          ['05/11/2024', '06:30', 'Roe Deer', 'Both', 'Wood', 'Ancient', 'Splendid', 'Neck'],
          lists,
          {},
          context,
        ),
      ),
    ).toEqual([
      { column: 'Sex', reason: 'Sex is required' },
      { column: 'Age', reason: 'Age estimate is required' },
      { column: 'Condition', reason: 'Condition is required' },
    ]);
  });

  it('an inspection without who examined the carcass, and an abnormality not on the list', () => {
    const carcass = simple([
      'Date',
      'Time',
      'Species',
      'Sex',
      'Location',
      'Abnormal behaviour',
      'Contamination',
      'Abnormalities',
    ]);
    const cells = ['05/11/2024', '06:30', 'Roe Deer', 'Female', 'Wood', 'No', 'No'];
    expect(refusals(mapRow([...cells, 'Abscesses'], carcass, everything, context))).toEqual([
      { column: 'Abnormal behaviour', reason: CARCASS_MESSAGES.examinedBy },
    ]);
    expect(refusals(mapRow([...cells, 'Warts'], carcass, everything, context))).toEqual([
      { column: 'Abnormalities', reason: IMPORT_MESSAGES.abnormality('Warts') },
    ]);
  });
});

describe('any other file, through its mapping', () => {
  it('reads a species cell such as “roe buck” into species and sex', () => {
    const mapping = simple(['Date', 'Time', 'Animal', 'Where']);
    const mapped = ok(mapRow(['05/11/2024', '06:30', 'roe buck', 'Wood'], mapping, everything, context));
    expect(mapped.request).toMatchObject({ species: 'Roe Deer', sex: 'Male' });
    expect(mapped.adjustments).toEqual([{ column: 'Animal', from: 'roe buck', to: 'Roe Deer' }]);
  });

  it('a sex column wins over the sex a species cell implies', () => {
    const mapping = simple(['Date', 'Time', 'Species', 'Sex', 'Where']);
    expect(
      ok(mapRow(['05/11/2024', '06:30', 'roe buck', 'F', 'Wood'], mapping, everything, context)).request.sex,
    ).toBe('Female');
  });

  it('reads pounds into kilograms and yards into the distance’s words', () => {
    const mapping = simple(['Date', 'Time', 'Species', 'Sex', 'Where', 'Weight (lb)', 'Yards']);
    const mapped = ok(
      mapRow(['05/11/2024', '06:30', 'Roe Deer', 'Female', 'Wood', 32, 80], mapping, everything, context),
    );
    expect(mapped.request).toMatchObject({ weight: 14.51, shot_distance: '80 yards' });
    expect(mapped.adjustments).toEqual([{ column: 'Weight (lb)', from: '32', to: '14.51 kg' }]);
  });

  it('reads a unit written in the cell over the header’s', () => {
    const mapping = simple(['Date', 'Time', 'Species', 'Sex', 'Where', 'Weight', 'Distance']);
    const mapped = ok(
      mapRow(
        ['05/11/2024', '06:30', 'Roe Deer', 'Female', 'Wood', '30 lbs', '150m'],
        mapping,
        everything,
        context,
      ),
    );
    expect(mapped.request).toMatchObject({ weight: 13.61, shot_distance: '150m' });
  });

  it('reads the date and time from one cell, from a date cell and a time cell, and from an Excel serial', () => {
    const together = simple(['When', 'Species', 'Sex', 'Where']);
    expect(
      ok(mapRow(['05/11/2024 06:30', 'Roe Deer', 'Female', 'Wood'], together, everything, context)).request,
    ).toMatchObject({ date: '2024-11-05', time: '06:30' });
    const cells = simple(['Date', 'Time', 'Species', 'Sex', 'Where']);
    expect(
      ok(
        mapRow(
          [new Date('2024-11-05T00:00:00Z'), new Date('1899-12-30T06:30:00Z'), 'Roe Deer', 'Female', 'Wood'],
          cells,
          everything,
          context,
        ),
      ).request,
    ).toMatchObject({ date: '2024-11-05', time: '06:30' });
    expect(
      ok(mapRow([45601, 0.25, 'Roe Deer', 'Female', 'Wood'], cells, everything, context)).request,
    ).toMatchObject({ date: '2024-11-05', time: '06:00' });
  });

  it('a date and time column whose cell holds a date alone refuses the row at that column', () => {
    const mapping = simple(['When', 'Species', 'Sex', 'Where']);
    expect(
      refusals(mapRow(['05/11/2024', 'Roe Deer', 'Female', 'Wood'], mapping, everything, context)),
    ).toEqual([{ column: 'When', reason: 'Time is required' }]);
  });

  it('a date with no time takes the default time, and refuses the row without one', () => {
    const mapping = simple(['Date', 'Species', 'Sex', 'Where']);
    expect(defaultsNeeded(mapping, {})).toEqual(['time', 'age_estimate', 'condition', 'shot_placement']);
    expect(
      refusals(mapRow(['05/11/2024', 'Roe Deer', 'Female', 'Wood'], mapping, everything, context)),
    ).toEqual([{ column: null, reason: IMPORT_MESSAGES.needsDefault('time') }]);
    expect(
      ok(
        mapRow(
          ['05/11/2024', 'Roe Deer', 'Female', 'Wood'],
          mapping,
          { ...everything, time: '07:00' },
          context,
        ),
      ).request.time,
    ).toBe('07:00');
  });

  it('a default also fills an empty cell of its column', () => {
    const mapping = simple(['Date', 'Time', 'Species', 'Sex', 'Where', 'Condition']);
    expect(defaultsNeeded(mapping, everything)).toEqual([]);
    expect(
      ok(mapRow(['05/11/2024', '06:30', 'Roe Deer', 'Female', 'Wood', null], mapping, everything, context))
        .request.condition,
    ).toBe('Good');
    expect(
      refusals(
        mapRow(
          ['05/11/2024', '06:30', 'Roe Deer', 'Female', 'Wood', null],
          mapping,
          { age_estimate: 'Adult', shot_placement: 'Neck' },
          context,
        ),
      ),
    ).toEqual([{ column: 'Condition', reason: 'Condition is required' }]);
  });

  it('fills the coordinates from a grid reference when the file has none, as the form does', () => {
    const mapping = simple(['Date', 'Time', 'Species', 'Sex', 'Where', 'Grid']);
    const request = ok(
      mapRow(
        ['05/11/2024', '06:30', 'Roe Deer', 'Female', 'Wood', 'SK 1234 5678'],
        mapping,
        everything,
        context,
      ),
    ).request;
    expect(request).toMatchObject({ grid_ref: 'SK 1234 5678', latitude: 53.108115, longitude: -1.817047 });
    const withCoordinates = simple(['Date', 'Time', 'Species', 'Sex', 'Where', 'Latitude', 'Longitude']);
    expect(
      ok(
        mapRow(
          ['05/11/2024', '06:30', 'Roe Deer', 'Female', 'Wood', '52.5', '-1.5'],
          withCoordinates,
          everything,
          context,
        ),
      ).request,
    ).toMatchObject({ latitude: 52.5, longitude: -1.5 });
  });

  it('reads latitude and longitude from one cell, as a map app copies them', () => {
    const mapping = simple(['Date', 'Time', 'Species', 'Sex', 'Where', 'GPS']);
    expect(mapping[5]?.field).toBe('latitude');
    const request = ok(
      mapRow(
        ['05/11/2024', '06:30', 'Roe Deer', 'Female', 'Wood', '52.56, -1.46'],
        mapping,
        everything,
        context,
      ),
    ).request;
    expect(request).toMatchObject({ latitude: 52.56, longitude: -1.46 });
  });

  it('gives the legal warnings the form shows: close season, night and the rifle', () => {
    const mapping = simple(['Date', 'Time', 'Species', 'Sex', 'Where', 'Calibre']);
    const mapped = ok(
      mapRow(['15/06/2025', '23:30', 'Red Deer', 'Female', 'Hill', '.222'], mapping, everything, context),
    );
    expect(mapped.warnings.map((warning) => warning.code)).toEqual(['close_season', 'night', 'calibre']);
    expect(mapped.warnings[0]?.message).toMatch(/^Close season/);
  });

  it('a column mapped to nothing is left out', () => {
    const mapping: ImportMapping = simple(['Date', 'Time', 'Species', 'Sex', 'Where', 'Notes']).map(
      (column) => (column.header === 'Notes' ? { ...column, field: null } : column),
    );
    expect(
      ok(
        mapRow(
          ['05/11/2024', '06:30', 'Roe Deer', 'Female', 'Wood', 'kept out'],
          mapping,
          everything,
          context,
        ),
      ).request.notes,
    ).toBeUndefined();
  });
});

describe('duplicate keys', () => {
  it('match the same cull written with other case and spacing, and no other', () => {
    const cull = {
      date: '2024-11-05',
      time: '06:30',
      species: 'Roe Deer',
      sex: 'Female',
      location_name: 'Home Wood',
      carcass_tag: 'T1',
    };
    expect(duplicateKey(cull)).toBe(
      duplicateKey({ ...cull, species: ' roe  deer', location_name: 'HOME WOOD', carcass_tag: 't1 ' }),
    );
    for (const change of [
      { time: '06:31' },
      { sex: 'Male' },
      { location_name: 'Home Woods' },
      { carcass_tag: 'T2' },
      { carcass_tag: undefined },
    ])
      expect(duplicateKey({ ...cull, ...change })).not.toBe(duplicateKey(cull));
    expect(duplicateKey({ ...cull, location_name: 'a","b' })).not.toBe(
      duplicateKey({ ...cull, location_name: 'a', species: 'b' }),
    );
  });
});

/** Records as a user may have them: every field, carcass included, with the values that test a CSV most. */
const recordArb = fc
  .record(
    {
      date: fc
        .date({
          min: new Date('1950-01-01T00:00:00Z'),
          max: new Date('2026-11-26T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((day) => day.toISOString().slice(0, 10)),
      time: fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`),
      location_name: fc.constantFrom(
        'Home Wood',
        'Top Field, "north" end',
        '=cmd',
        '-the bank',
        'Bois de la Forêt',
      ),
      species: fc.constantFrom(
        ...SPECIES.filter((name) => name !== 'Other'),
        'Badger',
        'Neck',
        'roe buck',
        '__proto__',
      ),
      sex: fc.constantFrom(...SEXES),
      age_estimate: fc.constantFrom(...AGE_ESTIMATES),
      condition: fc.constantFrom(...CONDITIONS),
      shot_placement: fc.constantFrom(...SHOT_PLACEMENTS.filter((name) => name !== 'Other'), 'Neck', 'Spine'),
      antlers_present: fc.boolean(),
      grid_ref: fc.constantFrom('SU 123 456', 'sk12345678'),
      // JSON has no -0, so a record never holds one.
      latitude: fc.double({ min: 49, max: 61, noNaN: true }).map((value) => value + 0),
      longitude: fc.double({ min: -8, max: 2, noNaN: true }).map((value) => value + 0),
      weight: fc.integer({ min: 0, max: 10000 }).map((tenths) => tenths / 10),
      condition_notes: fc.constantFrom('fat', '+lean'),
      antler_points: fc.integer({ min: 0, max: 60 }),
      antler_condition: fc.constantFrom(...ANTLER_CONDITIONS),
      shot_distance: fc.constantFrom('150 metres', '80 yards', '120'),
      notes: fc.constantFrom('clean', '=SUM(A1)', 'line one\nline two', "'tis done", '@home'),
      calibre: fc.oneof(
        fc.constantFrom(...CALIBRES).map((calibre) => ({ name: calibre.name })),
        fc.record(
          { name: fc.constantFrom('.17 HMR', '9.3×62', 'Neck'), bore_in: fc.constantFrom(0.172, 0.366) },
          { requiredKeys: ['name'] },
        ),
      ),
      bullet_weight_gr: fc.integer({ min: 1, max: 1000 }),
      bullet_type: fc.constantFrom(...BULLET_TYPES),
      muzzle_velocity_fps: fc.integer({ min: 500, max: 5000 }),
      muzzle_energy_j: fc.integer({ min: 1, max: 20000 }),
      shooter: fc.constantFrom('Sam', 'Jo Brontë'),
      carcass_tag: fc.constantFrom('T-0042', '0042'),
      carcass_destination: fc.constantFrom(...CARCASS_DESTINATIONS),
      game_dealer: fc.constantFrom('Highland Game'),
      inspection: fc
        .record({
          examined_by: fc.constantFrom('Sam'),
          certificate_number: fc.option(fc.constantFrom('TH-1'), { nil: undefined }),
          abnormal_behaviour: fc.boolean(),
          abnormalities: fc.subarray([...ABNORMALITY_CODES]),
          contamination_suspected: fc.boolean(),
        })
        .map((inspection) => ({
          ...inspection,
          ...(inspection.abnormalities.includes('other') && { other_abnormality: 'A limp' }),
        })),
      weather: fc.record(
        {
          temperature_c: fc.integer({ min: -300, max: 450 }).map((tenths) => tenths / 10),
          wind_speed_mph: fc.integer({ min: 0, max: 150 }),
          wind_direction: fc.constantFrom(...WIND_DIRECTIONS),
          cloud: fc.constantFrom(...CLOUD_COVER),
          precipitation: fc.constantFrom(...PRECIPITATION),
        },
        { requiredKeys: ['cloud'] },
      ),
    },
    {
      requiredKeys: [
        'date',
        'time',
        'location_name',
        'species',
        'sex',
        'age_estimate',
        'condition',
        'shot_placement',
        'antlers_present',
      ],
    },
  )
  .map((fields) => RecordCullRequest.parse(fields));

const EXPORT_HEADERS = exportCsvHeader
  .trim()
  .split(',')
  .map((header) => header.slice(1, -1));

describe('Cull Log’s own export', () => {
  it('imports back to the same records, carcass fields included, on the ground it names', () => {
    const mapping = guessMapping(EXPORT_HEADERS, []);
    fc.assert(
      fc.property(recordArb, fc.boolean(), (record, onGround) => {
        const cells = exportCsvRow(record, onGround ? NORTH_BEAT.name : null, {
          id: 'x',
          outingStartedAt: null,
        }).map((value) => (value === '' ? null : value));
        const mapped = ok(mapRow(cells, mapping, {}, context));
        expect(mapped.request).toEqual({ ...record, ...(onGround && { ground_id: NORTH_BEAT.id }) });
        expect(mapped.adjustments).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('a team’s export imports the same, who culled it left out', () => {
    const headers = [...EXPORT_HEADERS.slice(0, -3), 'Culled by', ...EXPORT_HEADERS.slice(-3)];
    const mapping = guessMapping(headers, []);
    fc.assert(
      fc.property(recordArb, (record) => {
        const cells = teamExportCsvRow(record, null, 'Jo', {
          id: 'x',
          outingStartedAt: '2024-11-05T06:00:00Z',
        }).map((value) => (value === '' ? null : value));
        expect(ok(mapRow(cells, mapping, {}, context)).request).toEqual(record);
      }),
      { numRuns: 50 },
    );
  });
});

describe('any cells at all', () => {
  const cellArb = fc.oneof(
    fc.string(),
    fc.constantFrom(
      '',
      '  ',
      '05/11/2024',
      '31/02/2024',
      '06:30',
      'roe buck',
      '__proto__',
      'toString',
      'SK 123',
      '1e400',
      '-',
      '=',
    ),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.date(),
    fc.constant(null),
  );
  const headers = [
    'Date',
    'Time',
    'Species',
    'Sex',
    'Where',
    'Weight (lb)',
    'Grid',
    'GPS',
    'Antlers',
    'Calibre',
    'Abnormalities',
    'Wind',
    'Ground',
    'Whatever',
  ];

  it('map to a record or to refusals with reasons, never to an error', () => {
    const mapping = guessMapping(headers, []);
    fc.assert(
      fc.property(
        fc.array(cellArb, { maxLength: headers.length + 2 }),
        fc.constantFrom({}, everything),
        (cells, defaults) => {
          const mapped = mapRow(cells, mapping, defaults, context);
          if (mapped.ok) expect(RecordCullRequest.safeParse(mapped.request).success).toBe(true);
          else {
            expect(mapped.refusals.length).toBeGreaterThan(0);
            for (const refusal of mapped.refusals) expect(typeof refusal.reason).toBe('string');
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('guess a mapping from any headers and sample, each field at most once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { maxLength: 30 }),
        fc.array(fc.array(cellArb, { maxLength: 30 }), { maxLength: 5 }),
        (columns, sample) => {
          const mapping = guessMapping(columns, sample);
          expect(mapping.map((column) => column.header)).toEqual(columns);
          const fields = mapping.flatMap((column) => (column.field === null ? [] : [column.field]));
          expect(new Set(fields).size).toBe(fields.length);
        },
      ),
    );
  });
});
