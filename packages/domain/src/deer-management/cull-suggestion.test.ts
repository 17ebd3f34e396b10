import { DEER_MANAGEMENT_MESSAGES } from '@cull-log/contracts';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEMALE_SHARE_PERCENT,
  DEFAULT_RECRUITMENT_PERCENT,
  planCull,
  suggestCull,
  type CullPlan,
} from './cull-suggestion';
import { workingLine } from './working';

// The Deer Initiative's Best Practice Guide "Cull Planning": a maintenance cull of at least 20 % of the population a
// year for red, fallow and sika, about 30 % for roe, muntjac and Chinese water deer, at least half of every cull
// female; above the target a reduction cull, then a maintenance cull (FIELD-RULES.md, "Setting a cull").
// The model: deer next season = deer now + young − cull. Each example is worked by hand in its comment.

function planned(plan: ReturnType<typeof suggestCull>): CullPlan {
  if (!plan.ok) throw new Error(`${plan.field}: ${plan.message}`);
  return plan;
}

describe('the default recruitment rates and female share', () => {
  it('are the guide’s: 20 % for red, fallow and sika, 30 % for roe, muntjac and Chinese water deer, half female', () => {
    expect(DEFAULT_RECRUITMENT_PERCENT).toEqual({
      'Red Deer': 20,
      'Fallow Deer': 20,
      'Sika Deer': 20,
      'Roe Deer': 30,
      Muntjac: 30,
      'Chinese Water Deer': 30,
    });
    expect(DEFAULT_FEMALE_SHARE_PERCENT).toBe(50);
  });
});

describe('a reduction cull', () => {
  // Roe at 25 per km² on 2.4 km²: 25 × 2.4 = 60 deer. Target 8 per km²: 8 × 2.4 = 19.2, so 19 deer. Roe: 30 %.
  // Season 2026/27: 30 % of 60 = 18 young; surplus 60 − 19 = 41, a third of it 13.67; 18 + 13.67 = 31.67 → 32.
  //   60 + 18 − 32 = 46 deer.
  // Season 2027/28: 30 % of 46 = 13.8 young; (46 − 19) ÷ 2 = 13.5; 13.8 + 13.5 = 27.3 → 28. 46 + 13.8 − 28 = 31.8.
  // Season 2028/29: 30 % of 31.8 = 9.54; (31.8 − 19) ÷ 1 = 12.8; 9.54 + 12.8 = 22.34 → 23. 31.8 + 9.54 − 23 = 18.34,
  //   at or below 19: the target, in the 3 seasons stated.
  // Females: at least 50 % of 32 = 16, so 16 female and 16 male. Young are 30 ÷ 130 = 23.1 % of the deer in autumn:
  //   16 × 0.231 = 3.7 → 4 young of each sex, 12 adults of each.
  const plan = planned(
    suggestCull({
      species: 'Roe Deer',
      densityPerKm2: 25,
      areaKm2: 2.4,
      targetDensityPerKm2: 8,
      firstSeason: '2026/27',
    }),
  );

  it('takes the season’s young and a third of the surplus: 32 roe this season, 16 of them female', () => {
    expect(plan).toMatchObject({
      kind: 'reduction',
      population: 60,
      targetPopulation: 19,
      seasonsToTarget: 3,
      cull: 32,
      female: 16,
      male: 16,
    });
    expect(plan.rows).toEqual([
      { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', suggested: 12 },
      { species: 'Roe Deer', sex: 'Female', age_class: 'Young', suggested: 4 },
      { species: 'Roe Deer', sex: 'Male', age_class: 'Adult', suggested: 12 },
      { species: 'Roe Deer', sex: 'Male', age_class: 'Young', suggested: 4 },
    ]);
  });

  it('reaches the target in the three seasons it states, season by season as worked by hand', () => {
    expect(plan.projection.map(({ season, cull }) => [season, cull])).toEqual([
      ['2026/27', 32],
      ['2027/28', 28],
      ['2028/29', 23],
    ]);
    const [first, second, third] = plan.projection;
    expect(first!.end).toBeCloseTo(46, 9);
    expect(second!.births).toBeCloseTo(13.8, 9);
    expect(second!.end).toBeCloseTo(31.8, 9);
    expect(third!.births).toBeCloseTo(9.54, 9);
    expect(third!.end).toBeCloseTo(18.34, 9);
  });

  it('shows its working step by step, naming the source of the rate', () => {
    const lines = plan.steps.map(workingLine);
    expect(lines.slice(0, 3)).toEqual([
      'Deer now: 25 deer per km² × 2.4 km², to whole deer = 60 deer',
      'Deer at the target: 8 deer per km² × 2.4 km², to whole deer = 19 deer',
      expect.stringContaining('The Deer Initiative, Best Practice Guide “Cull Planning”'),
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Young this season: 30 % of 60 deer = 18 young',
        'Surplus: 60 − 19 = 41 deer above the target',
        'Reduction this season: 41 ÷ 3 seasons = 13.67 deer',
        'Cull this season: 18 young + 13.67 reduction, rounded up = 32 deer',
        'Females: at least 50 % of 32, rounded up = 16 female, 16 male',
        'Young among the deer in autumn: 30 ÷ (100 + 30) = 23.1 %',
        'Season 2026/27: 60 + 18 young − 32 culled = 46 deer',
        'Season 2027/28: 46 + 13.8 young − 28 culled = 31.8 deer',
        'Season 2028/29: 31.8 + 9.54 young − 23 culled = 18.3 deer',
        'Target: after 3 seasons = 18.3 deer, at or below the target of 19 deer',
      ]),
    );
  });

  it('says when the seasons are the default, to be changed, and not when the manager gave them', () => {
    expect(plan.steps.map(workingLine)).toContain(
      'Plan: 60 deer now, target 19 deer = a reduction cull over 3 seasons (the default: change it to suit the stalkers and time there are)',
    );
    const given = planned(
      suggestCull({
        species: 'Roe Deer',
        densityPerKm2: 25,
        areaKm2: 2.4,
        targetDensityPerKm2: 8,
        seasonsToTarget: 3,
      }),
    );
    expect(given.steps.map(workingLine)).toContain(
      'Plan: 60 deer now, target 19 deer = a reduction cull over 3 seasons',
    );
    expect(given.cull).toBe(plan.cull);
  });

  it('spread over the seasons the manager gives: one season takes the whole surplus at once', () => {
    // 18 young + 41 surplus = 59 this season; 60 + 18 − 59 = 19, the target.
    const quick = planned(
      suggestCull({
        species: 'Roe Deer',
        densityPerKm2: 25,
        areaKm2: 2.4,
        targetDensityPerKm2: 8,
        seasonsToTarget: 1,
      }),
    );
    expect(quick.cull).toBe(59);
    expect(quick.projection).toHaveLength(1);
    expect(quick.projection[0]!.end).toBeCloseTo(19, 9);
  });

  it('a larger female share when asked: 60 % of 32 is 19.2, so 20 female and 12 male', () => {
    const plan60 = planned(
      suggestCull({
        species: 'Roe Deer',
        densityPerKm2: 25,
        areaKm2: 2.4,
        targetDensityPerKm2: 8,
        femaleSharePercent: 60,
      }),
    );
    expect([plan60.female, plan60.male]).toEqual([20, 12]);
  });
});

describe('a maintenance cull', () => {
  it('at the target takes the season’s young: fallow at 10 per km² on 5 km², 20 % of 50 = 10, and holds at 50', () => {
    // 10 × 5 = 50 deer, the target too. 20 % of 50 = 10 young → a cull of 10; 5 female, 5 male.
    // Young are 20 ÷ 120 = 16.7 %: 5 × 0.167 = 0.83 → 1 young of each sex, 4 adults of each. 50 + 10 − 10 = 50.
    const plan = planned(
      suggestCull({ species: 'Fallow Deer', densityPerKm2: 10, areaKm2: 5, targetDensityPerKm2: 10 }),
    );
    expect(plan).toMatchObject({ kind: 'maintenance', cull: 10, female: 5, male: 5, seasonsToTarget: null });
    expect(plan.rows.map((row) => row.suggested)).toEqual([4, 1, 4, 1]);
    expect(plan.projection).toEqual([{ season: 'this season', start: 50, births: 10, cull: 10, end: 50 }]);
  });

  it('below the target holds the population where it is, and says a smaller cull lets it grow', () => {
    // Muntjac, 30 %: 4 per km² on 3 km² = 12 deer, target 6 per km² = 18. 30 % of 12 = 3.6 → 4.
    const plan = planned(
      suggestCull({ species: 'Muntjac', densityPerKm2: 4, areaKm2: 3, targetDensityPerKm2: 6 }),
    );
    expect(plan).toMatchObject({ kind: 'maintenance', cull: 4, female: 2, male: 2 });
    expect(plan.steps.map(workingLine)).toContain(
      'Plan: 12 deer now, target 18 deer = a maintenance cull: below the target, so this holds it where it is; a smaller cull lets it grow towards the target',
    );
  });

  it('above the target when the manager asks to hold it there', () => {
    // Red, 20 %: 60 deer; 20 % of 60 = 12.
    const plan = planned(
      planCull({
        species: 'Red Deer',
        population: 60,
        targetPopulation: 40,
        recruitmentPercent: 20,
        femaleSharePercent: 50,
        seasonsToTarget: 3,
        kind: 'maintenance',
      }),
    );
    expect(plan).toMatchObject({ kind: 'maintenance', cull: 12 });
  });
});

describe('what a suggestion refuses', () => {
  it('a reduction to a target above the current density, on target_density, saying both', () => {
    const refused = suggestCull({
      species: 'Roe Deer',
      densityPerKm2: 10,
      areaKm2: 2,
      targetDensityPerKm2: 12,
      kind: 'reduction',
    });
    expect(refused).toEqual({
      ok: false,
      field: 'target_density',
      message: DEER_MANAGEMENT_MESSAGES.targetNotBelowCurrent('12 deer per km²', '10 deer per km²'),
    });
  });

  it('a ground with no area, on boundary', () => {
    expect(
      suggestCull({ species: 'Roe Deer', densityPerKm2: 10, areaKm2: 0, targetDensityPerKm2: 5 }),
    ).toMatchObject({ ok: false, field: 'boundary', message: DEER_MANAGEMENT_MESSAGES.noBoundary });
  });

  it('a species with no rate of its own unless the manager gives one', () => {
    expect(suggestCull({ species: 'Fox', densityPerKm2: 1, areaKm2: 10, targetDensityPerKm2: 0 })).toEqual({
      ok: false,
      field: 'recruitment',
      message: DEER_MANAGEMENT_MESSAGES.recruitmentUnknown('Fox'),
    });
    expect(
      suggestCull({
        species: 'Fox',
        densityPerKm2: 1,
        areaKm2: 10,
        targetDensityPerKm2: 0,
        recruitmentPercent: 100,
      }).ok,
    ).toBe(true);
  });

  it.each([
    ['recruitment', { recruitmentPercent: 120 }],
    ['female_share', { femaleSharePercent: -1 }],
    ['seasons', { seasonsToTarget: 0 }],
    ['seasons', { seasonsToTarget: 1.5 }],
    ['target_density', { targetDensityPerKm2: -1 }],
  ] as const)('a value out of range, naming %s', (field, overrides) => {
    const refused = suggestCull({
      species: 'Roe Deer',
      densityPerKm2: 10,
      areaKm2: 2,
      targetDensityPerKm2: 5,
      ...overrides,
    });
    expect(refused).toMatchObject({ ok: false, field });
  });
});
