import { SPECIES } from '@cull-log/contracts';
import { describe, expect, it } from 'vitest';
import { PLAUSIBLE_WEIGHT_KG, weightToConfirm } from './plausible-weight';

describe('a weight to confirm', () => {
  it('asks about 0, which is usually "not weighed"', () => {
    expect(weightToConfirm('Roe Deer', 0)).toMatch(/leave the weight empty/);
  });

  it('asks about a 90 kg roe, not a 90 kg red deer', () => {
    expect(weightToConfirm('Roe Deer', 90)).toBe(
      '90 kg is heavier than a Roe Deer is likely to be (up to about 40 kg).',
    );
    expect(weightToConfirm('Red Deer', 90)).toBeUndefined();
    expect(weightToConfirm('Roe Deer', 40)).toBeUndefined();
  });

  it('leaves alone no weight and species typed in free text', () => {
    expect(weightToConfirm('Roe Deer', undefined)).toBeUndefined();
    expect(weightToConfirm('Hare', 900)).toBeUndefined();
  });

  it('knows every listed species', () => {
    for (const species of SPECIES.filter((name) => name !== 'Other'))
      expect(PLAUSIBLE_WEIGHT_KG[species], species).toBeGreaterThan(0);
  });
});
