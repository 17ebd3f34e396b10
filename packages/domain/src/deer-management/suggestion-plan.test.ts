import type { Plan } from '@cull-log/contracts';
import { describe, expect, it } from 'vitest';
import { planTargetsOf, plansWithSuggestion } from './suggestion-plan';

const GROUND = '6a0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f60';
const OTHER = '7b0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f61';
// The roe reduction worked by hand in cull-suggestion.test.ts: 12 adult and 4 young of each sex.
const roe = [
  { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', suggested: 12 },
  { species: 'Roe Deer', sex: 'Female', age_class: 'Young', suggested: 4 },
  { species: 'Roe Deer', sex: 'Male', age_class: 'Adult', suggested: 12 },
  { species: 'Roe Deer', sex: 'Male', age_class: 'Young', suggested: 4 },
] as const;

describe('a suggestion as the season’s plan', () => {
  it('is adult males, adult females and the young of both sexes: 12 Male, 12 Female, 8 Juvenile roe', () => {
    expect(planTargetsOf([...roe])).toEqual([
      { species: 'Roe Deer', class: 'Male', target: 12 },
      { species: 'Roe Deer', class: 'Female', target: 12 },
      { species: 'Roe Deer', class: 'Juvenile', target: 8 },
    ]);
  });

  it('replaces the ground’s targets for the species suggested, keeping its others and every other plan', () => {
    const before: Plan[] = [
      { ground_id: null, targets: [{ species: 'Roe Deer', class: 'Female', target: 40 }] },
      {
        ground_id: GROUND,
        targets: [
          { species: 'Roe Deer', class: 'Female', target: 3 },
          { species: 'Muntjac', class: 'Male', target: 2 },
        ],
      },
      { ground_id: OTHER, targets: [{ species: 'Roe Deer', class: 'Male', target: 1 }] },
    ];
    const after = plansWithSuggestion(before, GROUND, planTargetsOf([...roe]));
    expect(after).toEqual([
      before[0],
      {
        ground_id: GROUND,
        targets: [
          { species: 'Muntjac', class: 'Male', target: 2 },
          { species: 'Roe Deer', class: 'Male', target: 12 },
          { species: 'Roe Deer', class: 'Female', target: 12 },
          { species: 'Roe Deer', class: 'Juvenile', target: 8 },
        ],
      },
      before[2],
    ]);
  });

  it('gives a ground with no plan yet one of its own', () => {
    expect(plansWithSuggestion([], GROUND, planTargetsOf([...roe]))).toEqual([
      { ground_id: GROUND, targets: planTargetsOf([...roe]) },
    ]);
  });
});
