import { describe, expect, it } from 'vitest';
import { MANAGEMENT_MESSAGES, type SeasonCount, type SeasonDeerManagement } from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { statsAppPerTest } from './testing/stats-app';
import { pdfText } from './testing/pdf-text';

const NOW = new Date('2027-02-10T12:00:00Z');
const line = (species: string, sex: string, ageClass: string, count: number) =>
  ({ species, sex, age_class: ageClass, count }) as SeasonCount['items'][number];

describe('the season report’s deer management (POST /reports/season.pdf, as the gateway sends it)', () => {
  const stats = statsAppPerTest(NOW);

  /** Alice's season in the projection: three roe culled on Home Wood (a buck, a doe, a kid) and its plan. */
  async function aliceCulled(): Promise<string> {
    const log = createSampleEventLog();
    const wood = log.groundCreated('alice', 'Home Wood');
    for (const [sex, age, date] of [
      ['Male', 'Adult', '2026-11-02'],
      ['Female', 'Adult', '2026-12-02'],
      ['Female', 'Young', '2027-01-15'],
    ] as const) {
      const cull = log.recorded('alice', {
        species: 'Roe Deer',
        sex,
        age_estimate: age,
        date,
        time: '10:00',
      });
      log.placed('alice', cull.streamId, wood.streamId);
    }
    log.plansSet('alice', '2026-27', [
      {
        ground_id: wood.streamId,
        targets: [
          { species: 'Roe Deer', class: 'Male', target: 2 },
          { species: 'Roe Deer', class: 'Female', target: 3 },
        ],
      },
    ]);
    for (const event of log.events) await stats.store.apply(event);
    return wood.streamId;
  }

  /**
   * The worked example as the records service gives it: Home Wood of 3.2 km², a vantage-point count of 8 roe (2.5 per
   * km²) and a dung count of fallow at 50 per km² (160 deer); three outings, 9 hunter-hours, 6 deer seen over 8 of
   * them (0.75 an hour), 2 culled on them (4.5 hours per deer); roe held at 8: 30 % is 2.4 → 2 each of adult does and
   * bucks and 1 young of each; fallow held at 160: 20 % is 32, 16 of each sex, 3 of each young.
   */
  const figuresOf = (groundId: string): SeasonDeerManagement => ({
    season: '2026-27',
    grounds: [
      {
        ground_id: groundId,
        name: 'Home Wood',
        area_km2: 3.2,
        counts: [
          {
            date: '2026-05-10',
            method: 'vantage_point',
            items: [line('Roe Deer', 'Male', 'Adult', 3), line('Roe Deer', 'Female', 'Adult', 5)],
            dung_deer_per_km2: null,
          },
          {
            date: '2026-11-01',
            method: 'dung',
            items: [line('Fallow Deer', 'Unknown', 'Unknown', 160)],
            dung_deer_per_km2: 50,
          },
        ],
        densities: [
          { species: 'Fallow Deer', count: 160, density_per_km2: 50, method: 'dung', date: '2026-11-01' },
          {
            species: 'Roe Deer',
            count: 8,
            density_per_km2: 2.5,
            method: 'vantage_point',
            date: '2026-05-10',
          },
        ],
        effort: {
          outings: 3,
          hunter_hours: 9,
          seen: 6,
          culled: 2,
          sightings_per_hunter_hour: 0.75,
          hours_per_deer: 4.5,
        },
        suggested: [
          { species: 'Fallow Deer', sex: 'Female', age_class: 'Adult', suggested: 13 },
          { species: 'Fallow Deer', sex: 'Female', age_class: 'Young', suggested: 3 },
          { species: 'Fallow Deer', sex: 'Male', age_class: 'Adult', suggested: 13 },
          { species: 'Fallow Deer', sex: 'Male', age_class: 'Young', suggested: 3 },
          { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', suggested: 2 },
          { species: 'Roe Deer', sex: 'Female', age_class: 'Young', suggested: 1 },
          { species: 'Roe Deer', sex: 'Male', age_class: 'Adult', suggested: 2 },
          { species: 'Roe Deer', sex: 'Male', age_class: 'Young', suggested: 1 },
        ],
      },
    ],
  });

  it('prints each ground’s counts, density, effort, and the suggested cull against the plan and the actual cull', async () => {
    const wood = await aliceCulled();
    const response = await stats.post('alice', '/reports/season.pdf?season=2026-27', figuresOf(wood));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);

    // The rest of the report is as before.
    expect(text).toContain('Culled in the season: 3');
    expect(text).toContain('Deer management: Home Wood');
    expect(text).toContain('Area: 3.20 km²');
    expect(text).toMatch(/10\/05\/2026\s+Vantage-point count\s+Roe Deer\s+Male\s+Adult\s+3/);
    expect(text).toMatch(/10\/05\/2026\s+Vantage-point count\s+Roe Deer\s+Female\s+Adult\s+5/);
    // A dung count's own density beside its method (the cell wraps after the figure).
    expect(text).toMatch(
      /01\/11\/2026\s+Dung \(pellet-group\) count, 50\.0\s+Fallow Deer\s+Unknown\s+Unknown\s+160\s+per km²/,
    );
    expect(text).toMatch(/Fallow Deer\s+160\s+50\.0\s+Dung \(pellet-group\) count, 01\/11\/2026/);
    expect(text).toMatch(/Roe Deer\s+8\s+2\.5\s+Vantage-point count, 10\/05\/2026/);
    expect(text).toContain('Outings: 3');
    expect(text).toContain('Hunter-hours: 9.0');
    expect(text).toContain('Deer seen: 6');
    expect(text).toContain('Sightings per hunter-hour: 0.75');
    expect(text).toContain('Hours per deer: 4.5');
    // Suggested, the plan's target ('–' for none) and what the projection counted culled on the ground; the kid
    // culled counts as Juvenile, since the suggestion counts the young apart.
    expect(text).toMatch(/Species\s+Class\s+Suggested\s+Plan\s+Culled/);
    expect(text).toMatch(/Fallow Deer\s+Male\s+13\s+–\s+0/);
    expect(text).toMatch(/Fallow Deer\s+Female\s+13\s+–\s+0/);
    expect(text).toMatch(/Fallow Deer\s+Juvenile\s+6\s+–\s+0/);
    expect(text).toMatch(/Roe Deer\s+Male\s+2\s+2\s+1/);
    expect(text).toMatch(/Roe Deer\s+Female\s+2\s+3\s+1/);
    expect(text).toMatch(/Roe Deer\s+Juvenile\s+2\s+–\s+1/);
  });

  it('prints no deer-management part for a season with nothing counted or seen, nor for a report without figures', async () => {
    await aliceCulled();
    const none = await stats.post('alice', '/reports/season.pdf?season=2026-27', {
      season: '2026-27',
      grounds: [],
    });
    expect(none.statusCode, none.body).toBe(200);
    const text = pdfText(none.rawPayload);
    expect(text).toContain('Culled in the season: 3');
    expect(text).not.toContain('Deer management');
    expect(
      pdfText((await stats.get('alice', '/reports/season.pdf?season=2026-27')).rawPayload),
    ).not.toContain('Deer management');
  });

  it('refuses figures of another season than the report’s, and figures not in the contract’s shape', async () => {
    const wood = await aliceCulled();
    const other = await stats.post('alice', '/reports/season.pdf?season=2025-26', figuresOf(wood));
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields).toEqual({ season: MANAGEMENT_MESSAGES.season });
    const malformed = await stats.post('alice', '/reports/season.pdf?season=2026-27', {
      season: '2026-27',
      grounds: [{ name: 'Home Wood' }],
    });
    expect(malformed.statusCode).toBe(400);
  });
});
