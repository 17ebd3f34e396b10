import { describe, expect, it } from 'vitest';
import { sexLabel } from './sex-label';

describe('sexLabel', () => {
  it.each([
    [{ species: 'Roe Deer', sex: 'Female', age_estimate: 'Adult' }, 'Female (doe)'],
    [{ species: 'Red Deer', sex: 'Female', age_estimate: 'Old' }, 'Female (hind)'],
    [{ species: 'Fallow Deer', sex: 'Male', age_estimate: 'Young Adult' }, 'Male (pricket)'],
    [{ species: 'Roe Deer', sex: 'Unknown', age_estimate: 'Young' }, 'Unknown (kid)'],
    [{ species: 'Sika Deer', sex: 'Male', age_estimate: 'Young' }, 'Male (stag calf)'],
    [{ species: 'Fox', sex: 'Female', age_estimate: 'Adult' }, 'Female'],
    [{ species: 'Muntjac', sex: 'Unknown', age_estimate: 'Adult' }, 'Unknown'],
  ] as const)('shows %j as %s', (record, label) => {
    expect(sexLabel(record)).toBe(label);
  });
});
