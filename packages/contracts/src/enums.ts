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

/** A calibre a deer stalker commonly uses, with its bore (bullet diameter) in inches, for the legal minimum. */
export interface Calibre {
  readonly name: string;
  readonly bore_in: number;
}

export const CALIBRES = [
  { name: '.222 Rem', bore_in: 0.224 },
  { name: '.223 Rem', bore_in: 0.224 },
  { name: '.22-250', bore_in: 0.224 },
  { name: '.243 Win', bore_in: 0.243 },
  { name: '6mm Rem', bore_in: 0.243 },
  { name: '.25-06', bore_in: 0.257 },
  { name: '6.5×55', bore_in: 0.264 },
  { name: '6.5 Creedmoor', bore_in: 0.264 },
  { name: '.270 Win', bore_in: 0.277 },
  { name: '7mm-08', bore_in: 0.284 },
  { name: '.308 Win', bore_in: 0.308 },
  { name: '.30-06', bore_in: 0.308 },
  { name: '8×57', bore_in: 0.323 },
] as const satisfies readonly Calibre[];

export const BULLET_TYPES = [
  'Soft point',
  'Hollow point',
  'Polymer tip',
  'Bonded',
  'Monolithic expanding',
  'Full metal jacket',
  OTHER,
] as const;

/** Bullets that do not expand: not soft- or hollow-nosed, so not lawful for deer. */
export const NON_EXPANDING_BULLET_TYPES: readonly BulletType[] = ['Full metal jacket'];

export const GAME_DEALER = 'Game dealer';

export const CARCASS_DESTINATIONS = [
  'Own use',
  GAME_DEALER,
  'Given away',
  'Stalking client',
  'Landowner/estate',
  'Not recovered',
  'Condemned',
] as const;

/**
 * What a trained hunter may find on inspecting a carcass and its viscera. Abnormal behaviour before the shot is
 * its own yes or no on the inspection, so it is not repeated here; `other` needs the finding in words.
 */
export const ABNORMALITIES = {
  poor_body_condition: 'Poor body condition',
  enlarged_lymph_nodes: 'Enlarged lymph nodes',
  abscesses: 'Abscesses',
  tumours: 'Tumours',
  suspected_tb_lesions: 'Suspected TB lesions',
  parasites: 'Parasites (liver fluke, lungworm, ked)',
  swollen_joints: 'Swollen joints',
  bruising_or_old_injuries: 'Bruising or old injuries',
  discoloured_organs: 'Discoloured organs',
  bad_smell: 'Bad smell',
  gut_contamination: 'Gut contamination of the carcass',
  other: 'Other',
} as const;

export const ABNORMALITY_CODES = Object.keys(ABNORMALITIES) as [
  keyof typeof ABNORMALITIES,
  ...(keyof typeof ABNORMALITIES)[],
];

export const WIND_DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

export const CLOUD_COVER = ['Clear', 'Light cloud', 'Broken cloud', 'Overcast', 'Fog or mist'] as const;

export const PRECIPITATION = ['None', 'Drizzle', 'Rain', 'Heavy rain', 'Sleet', 'Snow', 'Hail'] as const;

export type BulletType = (typeof BULLET_TYPES)[number];
export type CarcassDestination = (typeof CARCASS_DESTINATIONS)[number];
export type AbnormalityCode = keyof typeof ABNORMALITIES;

/** The listed calibre of this name, if it is one (names compare without regard to case or spacing). */
export function listedCalibre(name: string): Calibre | undefined {
  const key = calibreKey(name);
  return CALIBRES.find((calibre) => calibreKey(calibre.name) === key);
}

function calibreKey(name: string): string {
  return name.toLowerCase().replaceAll('x', '×').replace(/\s+/g, ' ').trim();
}

/** The first day of a user's stalking season, as MM-DD: 1 April (the default) or 1 August. */
export const SEASON_STARTS = ['04-01', '08-01'] as const;
export const DEFAULT_SEASON_START: (typeof SEASON_STARTS)[number] = '04-01';
