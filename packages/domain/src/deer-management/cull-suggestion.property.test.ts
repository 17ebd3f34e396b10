import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextPopulation, planCull, type CullPlan, type CullPlanInput } from './cull-suggestion';

const TOLERANCE = 1e-9;

/** Any plan a manager might ask for: up to 2,000 deer, any target, rate, female share and seasons. */
const Input = fc.record({
  species: fc.constantFrom('Roe Deer', 'Red Deer', 'Fallow Deer', 'Muntjac'),
  population: fc.integer({ min: 0, max: 2000 }),
  targetPopulation: fc.integer({ min: 0, max: 2000 }),
  recruitmentPercent: fc.oneof(fc.constantFrom(20, 30), fc.double({ min: 0, max: 100, noNaN: true })),
  femaleSharePercent: fc.oneof(fc.constant(50), fc.integer({ min: 0, max: 100 })),
  seasonsToTarget: fc.integer({ min: 1, max: 10 }),
});

function planned(input: CullPlanInput): CullPlan {
  const plan = planCull(input);
  if (!plan.ok) throw new Error(`${plan.field}: ${plan.message}`);
  return plan;
}

describe('a suggested cull, for any population, target and rates', () => {
  it('is whole deer, never negative, its lines adding up to the cull', () => {
    fc.assert(
      fc.property(Input, (input) => {
        const plan = planned(input);
        for (const count of [plan.cull, plan.female, plan.male, ...plan.rows.map((row) => row.suggested)]) {
          expect(Number.isInteger(count)).toBe(true);
          expect(count).toBeGreaterThanOrEqual(0);
        }
        expect(plan.rows.reduce((sum, row) => sum + row.suggested, 0)).toBe(plan.cull);
        expect(plan.female + plan.male).toBe(plan.cull);
        for (const season of plan.projection) {
          expect(Number.isInteger(season.cull) && season.cull >= 0).toBe(true);
          expect(season.end).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('is at least the female share asked for female: at least half by default', () => {
    fc.assert(
      fc.property(Input, (input) => {
        const plan = planned(input);
        expect(plan.female).toBeGreaterThanOrEqual((plan.cull * input.femaleSharePercent) / 100 - TOLERANCE);
        const byDefault = planned({ ...input, femaleSharePercent: 50 });
        expect(byDefault.female * 2).toBeGreaterThanOrEqual(byDefault.cull);
      }),
    );
  });

  it('above the target, reaches it within the seasons it states, under its own model', () => {
    fc.assert(
      fc.property(
        Input.filter((input) => input.population > input.targetPopulation),
        (input) => {
          const plan = planned(input);
          expect(plan.kind).toBe('reduction');
          expect(plan.seasonsToTarget).toBe(input.seasonsToTarget);
          expect(plan.projection).toHaveLength(input.seasonsToTarget);
          // The projection follows the model season by season ...
          let population = input.population;
          for (const season of plan.projection) {
            expect(season.start).toBeCloseTo(population, 9);
            population = nextPopulation(population, input.recruitmentPercent, season.cull);
            expect(season.end).toBeCloseTo(population, 9);
          }
          expect(population).toBeLessThanOrEqual(input.targetPopulation + TOLERANCE);
        },
      ),
    );
  });

  it('followed afresh each season (the manager counting again), is at the target by the seasons first stated', () => {
    fc.assert(
      fc.property(
        Input.filter((input) => input.population > input.targetPopulation),
        (input) => {
          let population = input.population;
          for (let season = 0; season < input.seasonsToTarget; season += 1) {
            const plan = planned({
              ...input,
              population,
              seasonsToTarget: input.seasonsToTarget - season,
            });
            population = nextPopulation(population, input.recruitmentPercent, plan.cull);
          }
          expect(population).toBeLessThanOrEqual(input.targetPopulation + TOLERANCE);
        },
      ),
    );
  });

  it('at the target, holds it: within a deer below it after the season, never above', () => {
    fc.assert(
      fc.property(Input, (input) => {
        const plan = planned({ ...input, targetPopulation: input.population });
        expect(plan.kind).toBe('maintenance');
        const end = nextPopulation(input.population, input.recruitmentPercent, plan.cull);
        expect(end).toBeLessThanOrEqual(input.population + TOLERANCE);
        expect(end).toBeGreaterThan(input.population - 1 - TOLERANCE);
      }),
    );
  });
});
