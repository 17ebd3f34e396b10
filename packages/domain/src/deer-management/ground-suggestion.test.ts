import { DEER_MANAGEMENT_MESSAGES, type SpeciesDensity } from '@cull-log/contracts';
import { describe, expect, it } from 'vitest';
import { deerValuesToSave, groundSuggestion } from './ground-suggestion';

const at = (species: string, density: number, count: number): SpeciesDensity => ({
  species,
  count,
  density_per_km2: density,
  method: 'vantage_point',
  date: '2027-03-20',
});

// A ground of 2.4 km² with roe at 25 per km² (60 deer), fallow at 10 per km² (24 deer) and a fox counted.
const densities = [at('Fallow Deer', 10, 24), at('Fox', 2.5, 6), at('Roe Deer', 25, 60)];

describe('a ground’s suggested cull', () => {
  it('reduces roe to the target asked, holds fallow where they are, and has no suggestion for a fox', () => {
    const answer = groundSuggestion(
      densities,
      2.4,
      { target_density: { species: { 'Roe Deer': 8 } } },
      '2027/28',
    );
    if ('ok' in answer) throw new Error(answer.message);
    // Roe: the reduction worked by hand in cull-suggestion.test.ts, 32 this season (12 + 4 female, 12 + 4 male).
    // Fallow, no target: held at 24 deer; 20 % of 24 = 4.8 → 5; at least half female: 2.5 → 3 female, 2 male;
    //   young are 20 ÷ 120 = 16.7 %: 3 × 0.167 = 0.5 → 1 young female, 2 × 0.167 = 0.33 → no young male.
    expect(answer.rows).toEqual([
      { species: 'Fallow Deer', sex: 'Female', age_class: 'Adult', suggested: 2 },
      { species: 'Fallow Deer', sex: 'Female', age_class: 'Young', suggested: 1 },
      { species: 'Fallow Deer', sex: 'Male', age_class: 'Adult', suggested: 2 },
      { species: 'Fallow Deer', sex: 'Male', age_class: 'Young', suggested: 0 },
      { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', suggested: 12 },
      { species: 'Roe Deer', sex: 'Female', age_class: 'Young', suggested: 4 },
      { species: 'Roe Deer', sex: 'Male', age_class: 'Adult', suggested: 12 },
      { species: 'Roe Deer', sex: 'Male', age_class: 'Young', suggested: 4 },
    ]);
    expect(
      answer.working.map(({ species, kind, cull, recruitment, female_share }) => ({
        species,
        kind,
        cull,
        recruitment,
        female_share,
      })),
    ).toEqual([
      { species: 'Fallow Deer', kind: 'maintenance', cull: 5, recruitment: 20, female_share: 50 },
      { species: 'Fox', kind: 'none', cull: null, recruitment: null, female_share: null },
      { species: 'Roe Deer', kind: 'reduction', cull: 32, recruitment: 30, female_share: 50 },
    ]);
    expect(answer.working[1]!.reason).toEqual({
      field: 'recruitment',
      message: DEER_MANAGEMENT_MESSAGES.recruitmentUnknown('Fox'),
    });
    expect(answer.working[2]!.projection.map((season) => season.season)).toEqual([
      '2027/28',
      '2028/29',
      '2029/30',
    ]);
  });

  it('takes a value for every species and each species’ own: recruitment 25 % for all, 35 % for roe', () => {
    const answer = groundSuggestion(
      [at('Fallow Deer', 10, 24), at('Roe Deer', 25, 60)],
      2.4,
      { recruitment: { all: 25, species: { 'Roe Deer': 35 } } },
      '2027/28',
    );
    if ('ok' in answer) throw new Error(answer.message);
    // Both held: fallow 25 % of 24 = 6; roe 35 % of 60 = 21.
    expect(answer.working.map((entry) => [entry.species, entry.recruitment, entry.cull])).toEqual([
      ['Fallow Deer', 25, 6],
      ['Roe Deer', 35, 21],
    ]);
  });

  it('refuses a reduction where a species is not above its target, whole, on target_density', () => {
    const refused = groundSuggestion(
      [at('Roe Deer', 25, 60)],
      2.4,
      { plan: 'reduction', target_density: { all: 30, species: {} } },
      '2027/28',
    );
    expect(refused).toMatchObject({ ok: false, field: 'target_density' });
  });

  it('with no counts, suggests nothing', () => {
    expect(groundSuggestion([], 2.4, {}, '2027/28')).toEqual({ rows: [], working: [] });
  });

  it('takes the values saved for the ground where none is asked, asked ones first, and says where each came from', () => {
    const saved = {
      species: [
        { species: 'Roe Deer', target_density: 8 },
        { species: 'Fallow Deer', female_share: 60 },
      ],
      seasons: 3,
    };
    const fromSaved = groundSuggestion(densities, 2.4, {}, '2027/28', saved);
    const asked = groundSuggestion(
      densities,
      2.4,
      { target_density: { species: { 'Roe Deer': 8 } } },
      '2027/28',
    );
    if ('ok' in fromSaved || 'ok' in asked) throw new Error('refused');
    // Roe reduced to the saved 8 per km² as if asked (32 this season, as above); fallow's females 60 % of 5 → 3.
    expect(fromSaved.rows.filter((row) => row.species === 'Roe Deer')).toEqual(
      asked.rows.filter((row) => row.species === 'Roe Deer'),
    );
    const roe = fromSaved.working.find((entry) => entry.species === 'Roe Deer')!;
    expect(roe).toMatchObject({
      cull: 32,
      target_density: 8,
      seasons: 3,
      sources: { target_density: 'saved', recruitment: 'default', female_share: 'default', seasons: 'saved' },
    });
    expect(roe.steps.find((step) => step.label === 'Deer at the target')!.formula).toContain(
      'as saved with the plan last accepted',
    );
    expect(fromSaved.working.find((entry) => entry.species === 'Fallow Deer')).toMatchObject({
      female_share: 60,
      target_density: 10,
      sources: { target_density: 'default', female_share: 'saved' },
    });
    const overridden = groundSuggestion(
      densities,
      2.4,
      { target_density: { all: 25, species: {} } },
      '2027/28',
      saved,
    );
    if ('ok' in overridden) throw new Error(overridden.message);
    expect(overridden.working.find((entry) => entry.species === 'Roe Deer')).toMatchObject({
      kind: 'maintenance',
      target_density: 25,
      sources: { target_density: 'given' },
    });
  });

  it('saves what was asked, else what was saved, for each species suggested, keeping species not counted now', () => {
    const saved = {
      species: [
        { species: 'Muntjac', recruitment: 35 },
        { species: 'Roe Deer', target_density: 8, female_share: 60 },
      ],
      seasons: 2,
    };
    expect(
      deerValuesToSave(['Fallow Deer', 'Roe Deer'], { target_density: { all: 6, species: {} } }, saved),
    ).toEqual({
      species: [
        { species: 'Fallow Deer', target_density: 6 },
        { species: 'Muntjac', recruitment: 35 },
        { species: 'Roe Deer', target_density: 6, female_share: 60 },
      ],
      seasons: 2,
    });
    // Nothing asked and nothing saved: nothing to keep but the defaults, which are not saved.
    expect(deerValuesToSave(['Roe Deer'], {}, undefined)).toEqual({ species: [] });
  });
});
