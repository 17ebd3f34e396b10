import { DEER_MANAGEMENT_MESSAGES } from '@cull-log/contracts';
import { describe, expect, it } from 'vitest';
import { DUNG_COUNT_FORMULA, dungCountDensity, type DungCountInput } from './dung-count';
import { workingLine } from './working';

// The clearance-plot method of The Deer Initiative's Best Practice Guide "Surveys: Dung Counting" (2008), after Mayle,
// Peace & Gill, "How many deer?" (Forestry Commission Field Book 18, 1999), as FIELD-RULES.md gives it:
//   D = (pellet groups ÷ (plots × plot area)) ÷ (defecation rate × days since clearance).
// Each example below is worked by hand in its comment.

const count = (overrides: Partial<DungCountInput> = {}): DungCountInput => ({
  plots: 40,
  plot_area_m2: 10,
  pellet_groups: 24,
  days_since_clearance: 60,
  defecation_rate: 20,
  ...overrides,
});

describe('dung (pellet-group) count', () => {
  it('40 plots of 10 m², 24 groups, 60 days at 20 groups a day: 0.5 deer per ha, 50 per km²', () => {
    // 40 × 10 m² = 400 m² = 0.04 ha; 24 ÷ 0.04 = 600 groups per ha;
    // one deer leaves 60 × 20 = 1,200 groups in 60 days; 600 ÷ 1,200 = 0.5 deer per ha = 50 deer per km².
    const result = dungCountDensity(count());
    if (!result.ok) throw new Error(result.message);
    expect(result.groupsPerHectare).toBeCloseTo(600, 9);
    expect(result.deerPerHectare).toBeCloseTo(0.5, 9);
    expect(result.deerPerKm2).toBeCloseTo(50, 9);
    expect(result.formula).toBe(DUNG_COUNT_FORMULA);
    expect(result.steps.map(workingLine)).toEqual([
      'Area searched: 40 plots × 10 m² = 400 m² (0.04 ha)',
      'Pellet groups per hectare: 24 groups ÷ 0.04 ha = 600 groups per ha',
      'Groups one deer leaves in that time: 60 days × 20 groups a day = 1,200 groups',
      'Density: 600 ÷ 1,200 = 0.5 deer per ha, 50 deer per km²',
    ]);
  });

  it('fallow at 15 groups a day (within the 10–21 of FIELD-RULES.md): 120 plots of 5 m², 45 groups, 50 days', () => {
    // 120 × 5 m² = 600 m² = 0.06 ha; 45 ÷ 0.06 = 750 groups per ha; 50 × 15 = 750 groups a deer;
    // 750 ÷ 750 = 1 deer per ha = 100 deer per km².
    const result = dungCountDensity(
      count({
        plots: 120,
        plot_area_m2: 5,
        pellet_groups: 45,
        days_since_clearance: 50,
        defecation_rate: 15,
      }),
    );
    expect(result.ok && result.deerPerHectare).toBeCloseTo(1, 9);
    expect(result.ok && result.deerPerKm2).toBeCloseTo(100, 9);
  });

  it('circular plots of radius 1.78 m (10 m² as near as makes no odds), 7 groups on 35 plots over 91 days at 22 a day', () => {
    // π × 1.78² = 9.954 m²; 35 plots = 348.4 m² = 0.03484 ha; 7 ÷ 0.03484 = 200.9 groups per ha;
    // 91 × 22 = 2,002 groups a deer; 200.9 ÷ 2,002 = 0.1004 deer per ha = 10.04 deer per km².
    const plotArea = Math.PI * 1.78 ** 2;
    const result = dungCountDensity(
      count({
        plots: 35,
        plot_area_m2: plotArea,
        pellet_groups: 7,
        days_since_clearance: 91,
        defecation_rate: 22,
      }),
    );
    expect(result.ok && result.groupsPerHectare).toBeCloseTo(200.9, 1);
    expect(result.ok && result.deerPerKm2).toBeCloseTo(10.04, 2);
  });

  it('no pellet groups found is no deer, not a refusal', () => {
    const result = dungCountDensity(count({ pellet_groups: 0 }));
    expect(result.ok && result.deerPerKm2).toBe(0);
  });

  it.each([
    ['days_since_clearance', { days_since_clearance: 0 }, DEER_MANAGEMENT_MESSAGES.dungDays],
    ['defecation_rate', { defecation_rate: 0 }, DEER_MANAGEMENT_MESSAGES.dungRate],
    ['plots', { plots: 0 }, DEER_MANAGEMENT_MESSAGES.dungPlots],
    ['plot_area_m2', { plot_area_m2: 0 }, DEER_MANAGEMENT_MESSAGES.dungPlotArea],
    ['pellet_groups', { pellet_groups: -1 }, DEER_MANAGEMENT_MESSAGES.dungPelletGroups],
  ] as const)('refuses a count with %s of nothing, naming the field', (field, overrides, message) => {
    expect(dungCountDensity(count(overrides))).toEqual({ ok: false, field: `dung.${field}`, message });
  });
});
