/** The choices each field offers. "Other" stands for free text that replaces it on save. */
export const OTHER = 'Other';

export const SPECIES = [
  'Red Deer',
  'Roe Deer',
  'Fallow Deer',
  'Muntjac',
  'Sika Deer',
  'Chinese Water Deer',
  'Fox',
  'Rabbit',
  OTHER,
] as const;

export const SEXES = ['Male', 'Female', 'Unknown'] as const;

export const AGE_ESTIMATES = ['Young', 'Young Adult', 'Adult', 'Mature Adult', 'Old'] as const;

export const CONDITIONS = ['Excellent', 'Good', 'Fair', 'Poor', 'Very Poor'] as const;

export const SHOT_PLACEMENTS = [
  'Head/Neck',
  'Heart/Lung',
  'Shoulder',
  'Liver',
  'Gut Shot',
  'Limb',
  OTHER,
] as const;

export const ANTLER_CONDITIONS = ['Excellent', 'Good', 'Fair', 'Poor', 'Damaged'] as const;

export type Sex = (typeof SEXES)[number];
export type AgeEstimate = (typeof AGE_ESTIMATES)[number];
export type Condition = (typeof CONDITIONS)[number];
export type AntlerCondition = (typeof ANTLER_CONDITIONS)[number];
