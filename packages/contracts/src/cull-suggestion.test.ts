import { describe, expect, it } from 'vitest';
import {
  CullSuggestionQuery,
  CullSuggestionResponse,
  DEER_MANAGEMENT_MESSAGES as M,
  fieldMessages,
  valueForSpecies,
} from './index';

const GROUND = '6a0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f60';

const refusals = (input: Record<string, unknown>) => {
  const result = CullSuggestionQuery.safeParse(input);
  return result.error === undefined ? {} : fieldMessages(result.error);
};

describe('the suggestion’s query', () => {
  it('takes the ground alone: every value then the saved one or the default', () => {
    expect(CullSuggestionQuery.parse({ ground: GROUND })).toEqual({ ground: GROUND });
  });

  it('takes a value for every species, and each species’ own, repeated', () => {
    const query = CullSuggestionQuery.parse({
      ground: GROUND,
      target_density: ['8', 'Fallow Deer:12.5'],
      recruitment: 'Roe Deer:35',
      female_share: '60',
      seasons: '4',
      plan: 'reduction',
    });
    expect(query).toEqual({
      ground: GROUND,
      target_density: { all: 8, species: { 'Fallow Deer': 12.5 } },
      recruitment: { species: { 'Roe Deer': 35 } },
      female_share: { all: 60, species: {} },
      seasons: 4,
      plan: 'reduction',
    });
    expect(valueForSpecies(query.target_density, 'Fallow Deer')).toBe(12.5);
    expect(valueForSpecies(query.target_density, 'Roe Deer')).toBe(8);
    expect(valueForSpecies(query.recruitment, 'Red Deer')).toBeUndefined();
    expect(valueForSpecies(undefined, 'Red Deer')).toBeUndefined();
  });

  it.each([
    ['a negative target', { target_density: '-1' }, 'target_density', M.targetDensity],
    ['a target in words', { target_density: 'low' }, 'target_density', M.targetDensity],
    ['recruitment over 100 %', { recruitment: 'Roe Deer:130' }, 'recruitment', M.recruitment],
    ['a female share over 100 %', { female_share: '101' }, 'female_share', M.femaleShare],
    ['a species not on the list', { recruitment: 'Elk:20' }, 'recruitment', '“Elk” is not a species'],
    ['a species twice', { recruitment: ['Roe Deer:20', 'Roe Deer:30'] }, 'recruitment', 'give Roe Deer once'],
    ['no seasons', { seasons: '0' }, 'seasons', M.seasonsToTarget],
    ['half a season', { seasons: '1.5' }, 'seasons', M.seasonsToTarget],
    ['a plan of another kind', { plan: 'cull everything' }, 'plan', 'Plan is reduction or maintenance'],
    ['no ground', { ground: undefined }, 'ground', 'ground must be the id of one of your grounds'],
  ])('refuses %s, naming the field', (_what, change, field, message) => {
    const fields = refusals({ ground: GROUND, ...change });
    expect(fields[field]).toContain(message);
  });
});

describe('the suggestion’s answer', () => {
  it('is rows by species, sex and age class, and the working for each species', () => {
    const answer = {
      rows: [{ species: 'Roe Deer', sex: 'Female', age_class: 'Young', suggested: 4 }],
      working: [
        {
          species: 'Roe Deer',
          kind: 'reduction',
          population: 60,
          target_population: 19,
          seasons_to_target: 3,
          recruitment: 30,
          female_share: 50,
          cull: 32,
          steps: [
            {
              label: 'Cull this season',
              formula: '18 young + 13.67 reduction, rounded up',
              result: '32 deer',
            },
          ],
          projection: [{ season: '2026/27', start: 60, births: 18, cull: 32, end: 46 }],
        },
      ],
    };
    expect(CullSuggestionResponse.parse(answer)).toEqual(answer);
    expect(
      CullSuggestionResponse.safeParse({ ...answer, rows: [{ ...answer.rows[0], suggested: -1 }] }).success,
    ).toBe(false);
  });
});
