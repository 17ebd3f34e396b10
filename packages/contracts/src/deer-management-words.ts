// What is seen, counted and planned on a ground: the choices, bounds and messages as plain constants, apart from the
// schemas in sightings.ts, counts.ts and cull-suggestion.ts, so that a screen that shows them builds no schema.

/** The sex of deer seen or counted: "Unknown" where it could not be told. */
export const SIGHTING_SEXES = ['Male', 'Female', 'Unknown'] as const;
export type SightingSex = (typeof SIGHTING_SEXES)[number];

/** The age class of deer seen or counted: this year's young, adults, or not told. */
export const AGE_CLASSES = ['Adult', 'Young', 'Unknown'] as const;
export type AgeClass = (typeof AGE_CLASSES)[number];

/**
 * How a count was made: from vantage points, along a thermal or night-vision transect, by a drive, from dung
 * (pellet groups on cleared plots), from camera traps, or another way.
 */
export const COUNT_METHODS = ['vantage_point', 'thermal', 'drive', 'dung', 'camera', 'other'] as const;
export const COUNT_METHOD_LABELS: Record<(typeof COUNT_METHODS)[number], string> = {
  vantage_point: 'Vantage-point count',
  thermal: 'Thermal or night-vision transect',
  drive: 'Drive count',
  dung: 'Dung (pellet-group) count',
  camera: 'Camera trap',
  other: 'Other',
};

export const DEER_MANAGEMENT_LIMITS = {
  /** People out on one outing. */
  huntersMax: 50,
  /** Deer of one species, sex and age class seen on an outing or counted at once. */
  countMax: 10_000,
  /** Lines of sightings on an outing, or of numbers in a count: every species, sex and age class, with room. */
  itemsMax: 100,
  countNotes: 2000,
  dungPlotsMax: 10_000,
  /** A dung plot is a few square metres; a belt transect may be a few hundred. */
  dungPlotAreaMaxM2: 10_000,
  dungPelletGroupsMax: 1_000_000,
  /** Clearance to count is weeks to months: over a year the first groups have decayed. */
  dungDaysMax: 365,
  /** Published rates run from about 10 to 30 groups a deer a day. */
  dungRateMax: 100,
  /** A target density in deer per km². */
  targetDensityMax: 1000,
  seasonsToTargetMax: 10,
} as const;

export const DEER_MANAGEMENT_MESSAGES = {
  sightingSex: 'Choose Male, Female or Unknown',
  ageClass: 'Choose Adult, Young or Unknown',
  count: `A count is a whole number from 0 to ${DEER_MANAGEMENT_LIMITS.countMax}`,
  hunters: `Hunters is the number of people out: a whole number from 1 to ${DEER_MANAGEMENT_LIMITS.huntersMax}`,
  duplicateItem: 'Each species, sex and age class is listed once: add the numbers together',
  sightingPlace: 'A place is a latitude and a longitude: { latitude, longitude }',
  countMethod: 'Choose vantage_point, thermal, drive, dung, camera or other',
  countDate: 'Date must be a day such as 2027-03-20',
  countDateFuture: 'A count is of a day that has come: this date is after today',
  countItemsNeeded: 'List at least one species, with 0 where none were seen',
  dungNeeded: 'A dung count needs its plots, pellet groups, days since clearance and defecation rate (dung)',
  dungOnlyForDung: 'Plots and pellet groups belong to a dung count: set method to dung',
  dungItemsWorkedOut: 'A dung count’s numbers are worked out from its plots: send no items',
  dungPlots: `Plots is the number of plots counted: a whole number from 1 to ${DEER_MANAGEMENT_LIMITS.dungPlotsMax}`,
  dungPlotArea: `Plot area is each plot’s area in square metres: more than 0 and at most ${DEER_MANAGEMENT_LIMITS.dungPlotAreaMaxM2}`,
  dungPelletGroups: `Pellet groups is how many were counted on all the plots: a whole number from 0 to ${DEER_MANAGEMENT_LIMITS.dungPelletGroupsMax}`,
  dungDays: `Days since clearance must be more than 0 (the plots were cleared before the count) and at most ${DEER_MANAGEMENT_LIMITS.dungDaysMax}`,
  dungRate: `Defecation rate is pellet groups a deer leaves a day: more than 0 and at most ${DEER_MANAGEMENT_LIMITS.dungRateMax}`,
  noBoundary:
    'This ground has no boundary, so its area is not known: draw the boundary on the map to read a density',
  targetDensity: `A target density is deer per km², from 0 to ${DEER_MANAGEMENT_LIMITS.targetDensityMax}`,
  recruitment: 'Recruitment is a percentage of the population a year, from 0 to 100',
  recruitmentUnknown: (species: string) =>
    `No recruitment rate is known for ${species}: give one (recruitment, a percentage a year)`,
  femaleShare: 'The female share is a percentage of the cull, from 0 to 100',
  seasonsToTarget: `Seasons to target is a whole number from 1 to ${DEER_MANAGEMENT_LIMITS.seasonsToTargetMax}`,
  /** A reduction asked for where the population is not above the target. */
  targetNotBelowCurrent: (target: string, current: string) =>
    `A reduction cull needs a target below the current density: the target is ${target} and the ground now holds ${current}. Lower the target, or plan a maintenance cull`,
  countNotFound: 'Count not found',
} as const;
