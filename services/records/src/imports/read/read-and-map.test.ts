import { RecordCullRequest } from '@cull-log/contracts';
import {
  CSV_BOM,
  defaultsNeeded,
  exportCsvHeader,
  exportCsvRow,
  guessMapping,
  mapRow,
  recogniseLayout,
  teamExportCsvHeader,
  teamExportCsvRow,
  toCsvLine,
  type ImportCell,
  type MappedRow,
} from '@cull-log/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { openSpreadsheet, type OpenedSpreadsheet, type SpreadsheetRow } from './index';
import { fixture, scratchFolder } from './test-files';

const scratch = scratchFolder();
afterAll(() => scratch.remove());

const NOW = new Date('2026-11-27T12:00:00Z');
const NORTH_BEAT = { id: '5b3f2d1e-8c4a-4f6b-9a2d-1e3c5b7d9f0a', name: 'North Beat' };
const context = { now: NOW, grounds: [NORTH_BEAT] };

async function allRows(opened: OpenedSpreadsheet) {
  const rows: SpreadsheetRow[] = [];
  for await (const row of opened.rows()) rows.push(row);
  return rows;
}

function request(mapped: MappedRow) {
  if (!mapped.ok) throw new Error(`refused: ${JSON.stringify(mapped.refusals)}`);
  return mapped.request;
}

/** Records with what a CSV finds hardest: formulas, quotes, commas, line breaks, accents, the carcass in full. */
const RECORDS = [
  {
    date: '2024-11-05',
    time: '06:30',
    location_name: 'Top Field, "north" end',
    species: 'Roe Deer',
    sex: 'Female',
    age_estimate: 'Adult',
    condition: 'Good',
    shot_placement: 'Heart/Lung',
    antlers_present: false,
    weight: 14.5,
    grid_ref: 'SK 1234 5678',
    latitude: 53.108115,
    longitude: -1.817047,
    notes: '=HYPERLINK("http://example.com")',
    condition_notes: '-lean after the rut',
    shot_distance: '95 metres',
    calibre: { name: '.243 Win' },
    bullet_weight_gr: 100,
    bullet_type: 'Soft point',
    muzzle_velocity_fps: 2960,
    muzzle_energy_j: 2650,
    shooter: 'Jo Brontë',
    carcass_tag: 'T-0042',
    carcass_destination: 'Game dealer',
    game_dealer: 'Highland Game',
    inspection: {
      examined_by: 'Sam',
      certificate_number: 'TH-1',
      abnormal_behaviour: false,
      abnormalities: ['parasites', 'other'],
      other_abnormality: 'A limp; an old wound',
      contamination_suspected: true,
    },
    weather: {
      temperature_c: -3.5,
      wind_speed_mph: 12,
      wind_direction: 'NE',
      cloud: 'Overcast',
      precipitation: 'Drizzle',
    },
  },
  {
    date: '1999-02-28',
    time: '17:05',
    location_name: '@the high seat',
    species: 'Badger',
    sex: 'Unknown',
    age_estimate: 'Old',
    condition: 'Very Poor',
    shot_placement: 'Spine',
    antlers_present: true,
    antler_points: 6,
    antler_condition: 'Damaged',
    notes: 'line one\nline two',
    calibre: { name: '.17 HMR', bore_in: 0.172 },
  },
].map((fields) => RecordCullRequest.parse(fields));

describe('Cull Log’s own CSV export, read back', () => {
  it('imports to the same records, carcass fields included, formulas read back without the apostrophe that kept them text', async () => {
    const lines = RECORDS.map((record, index) =>
      toCsvLine(
        exportCsvRow(record, index === 0 ? NORTH_BEAT.name : null, {
          id: `id-${index}`,
          outingStartedAt: null,
        }),
      ),
    );
    const file = scratch.file('export.csv', CSV_BOM + exportCsvHeader + lines.join(''));
    const opened = await openSpreadsheet(file);
    expect(recogniseLayout(opened.columns)).toBe('cull-log');
    const rows = await allRows(opened);
    const mapping = guessMapping(
      opened.columns,
      rows.map((row) => row.cells),
    );
    expect(defaultsNeeded(mapping, {})).toEqual([]);
    const imported = rows.map((row) => request(mapRow(row.cells, mapping, {}, context)));
    expect(imported).toEqual([{ ...RECORDS[0], ground_id: NORTH_BEAT.id }, RECORDS[1]]);
  });

  it('a team’s export imports the same, who culled each left out', async () => {
    const lines = RECORDS.map((record) =>
      toCsvLine(
        teamExportCsvRow(record, null, 'Sam Keeper', {
          id: 'x',
          outingStartedAt: '2024-11-05T06:00:00.000Z',
        }),
      ),
    );
    const opened = await openSpreadsheet(
      scratch.file('team.csv', CSV_BOM + teamExportCsvHeader + lines.join('')),
    );
    const rows = await allRows(opened);
    const mapping = guessMapping(opened.columns, []);
    expect(rows.map((row) => request(mapRow(row.cells, mapping, {}, context)))).toEqual(RECORDS);
  });
});

describe('First Light Cull Diary’s CSV export', () => {
  it('is recognised, needs a condition for every row, and then imports each row with the values it adjusted', async () => {
    const opened = await openSpreadsheet(fixture('first-light.csv'));
    expect(recogniseLayout(opened.columns)).toBe('first-light');
    const rows = await allRows(opened);
    const mapping = guessMapping(
      opened.columns,
      rows.map((row) => row.cells),
    );
    expect(defaultsNeeded(mapping, {})).toEqual(['condition']);
    expect(rows.map((row) => mapRow(row.cells, mapping, {}, context).ok)).toEqual(rows.map(() => false));

    const mapped = rows.map((row) => mapRow(row.cells, mapping, { condition: 'Fair' }, context));
    const requests = mapped.map(request);
    expect(
      requests.map(({ species, sex, age_estimate, shot_placement, carcass_destination }) => [
        species,
        sex,
        age_estimate,
        shot_placement,
        carcass_destination,
      ]),
    ).toEqual([
      ['Roe Deer', 'Female', 'Adult', 'Heart/Lung', 'Game dealer'],
      ['Fallow Deer', 'Male', 'Young Adult', 'Shoulder', 'Own use'],
      ['Muntjac', 'Female', 'Adult', 'Head/Neck', 'Own use'],
      ['Chinese Water Deer', 'Male', 'Young', 'Spine', 'Given away'],
      ['Red Deer', 'Female', 'Adult', 'Limb', 'Game dealer'],
      ['Sika Deer', 'Female', 'Adult', 'Gut Shot', 'Game dealer'],
    ]);
    expect(requests.every((one) => one.condition === 'Fair')).toBe(true);
    expect(requests[0]).toMatchObject({
      ground_id: NORTH_BEAT.id,
      weight: 14.5,
      shot_distance: '95 metres',
      calibre: { name: '.243 Win' },
      notes: 'Clean, quick',
    });
    expect(requests[5]?.calibre).toEqual({ name: '6.5×55' });
    const adjusted = mapped.flatMap((one) => (one.ok ? one.adjustments : []));
    expect(adjusted).toContainEqual({ column: 'Placement', from: 'Spine', to: 'Other (Spine)' });
    expect(adjusted).toContainEqual({ column: 'Age class', from: 'Calf / Kid / Fawn', to: 'Young' });
    // High Ground is not one of this user's grounds: said, not guessed.
    expect(mapped[4]?.ok && mapped[4].warnings.map((warning) => warning.code)).toEqual(['unknown_ground']);
  });
});

describe.each(['diary.xlsx', 'diary.ods', 'diary-windows-1252.csv', 'diary-semicolon.csv'])(
  '%s through a guessed mapping',
  (name) => {
    it('imports every row with its date and time, whatever the cells are', async () => {
      const opened = await openSpreadsheet(fixture(name));
      const rows = await allRows(opened);
      const mapping = guessMapping(
        opened.columns,
        rows.map((row) => row.cells as ImportCell[]),
      );
      const defaults = { age_estimate: 'Adult', condition: 'Good', shot_placement: 'Heart/Lung' } as const;
      const requests = rows.map((row) => request(mapRow(row.cells, mapping, defaults, context)));
      expect(requests[0]).toMatchObject({
        date: '2024-11-05',
        time: '06:30',
        species: 'Roe Deer',
        sex: 'Female',
      });
      if (name !== 'diary-windows-1252.csv')
        expect(requests.map((one) => one.weight)).toEqual([14.5, 41, 9.8]);
      else
        expect(requests[0]).toMatchObject({
          location_name: 'Bois de la Forêt',
          notes: 'Sold for £45 to the café',
        });
    });
  },
);
