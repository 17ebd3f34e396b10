import { MANAGEMENT_LIMITS, PHOTO_LIMITS } from './limits';

/** User-facing texts (field rules, errors, notices), shared so the web client and the services say the same thing. */
export const REQUIRED_MESSAGES = {
  date: 'Date is required',
  time: 'Time is required',
  location_name: 'Location is required',
  species: 'Species is required',
  sex: 'Sex is required',
  age_estimate: 'Age estimate is required',
  condition: 'Condition is required',
  shot_placement: 'Shot placement is required',
} as const;

export const MESSAGES = {
  cullNotFound: 'Cull not found',
  createForOthers: 'Access denied: You can only create records for yourself',
  listOthers: 'Access denied: You can only access your own records',
  notAuthenticated: 'User must be authenticated to access this data',
  userNotAuthenticated: 'User not authenticated',
  deleteConfirm: 'Are you sure you want to delete this record? This action cannot be undone.',
  loginFailed: 'Login failed. Please try again.',
  loadCullFailed: 'Failed to load cull data.',
  submitFailed: 'Failed to submit cull record. Please try again.',
  authenticationRequired: 'Authentication required',
  unauthorizedAccess: 'Unauthorized access',
  cullRecordNotFound: 'Cull record not found',
  noData: 'No data available',
  versionConflict: 'This record was changed elsewhere. Reload it and try again.',
  alreadyExists: 'A record with this id already exists',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  invalidFields: 'Some fields are missing or not valid.',
  unsafeText: 'Must not contain control characters, text-direction overrides or broken characters',
} as const;

/** Why a grid reference is refused; the same words on the form and from the API. */
export const GRID_REFERENCE_MESSAGES = {
  format: 'Grid reference must be two letters and 4, 6, 8 or 10 figures, like SK 1234 5678',
  squareLetters: 'Grid reference letters must name a 100 km square of the National Grid, like SK or TG',
  unevenFigures: 'Grid reference needs as many easting figures as northing figures (4, 6, 8 or 10 in all)',
  outsideGrid: 'Grid reference is outside the National Grid',
} as const;

/** Why a carcass field is refused; the same words on the form and from the API. */
export const CARCASS_MESSAGES = {
  calibreName: 'Calibre is required: choose one from the list or type it under Other',
  boreRange: 'Bore must be between 0.1 and 1 inch, like 0.243',
  boreOfListed: 'A calibre from the list has its own bore; give a bore only for a calibre typed under Other',
  bulletWeight: 'Bullet weight must be between 1 and 1000 grains',
  bulletType: 'Choose a bullet type from the list',
  muzzleVelocity: 'Muzzle velocity must be between 500 and 5000 feet per second',
  muzzleEnergy: 'Muzzle energy must be between 1 and 20000 joules',
  destination: 'Choose where the carcass went from the list',
  examinedBy: 'Examined by is required for an inspection',
  abnormalBehaviour: 'Say whether abnormal behaviour was seen (true or false)',
  contamination: 'Say whether contamination is suspected (true or false)',
  abnormality: 'Choose abnormalities from the list',
  repeatedAbnormality: 'Each abnormality may be listed once',
  otherAbnormality: 'Describe the other abnormality',
  otherAbnormalityWithoutOther: 'Describe another abnormality only when Other is among the abnormalities',
  temperature: 'Temperature must be between -30 and 45 °C',
  windSpeed: 'Wind speed must be between 0 and 150 mph',
  windDirection: 'Choose a wind direction from the list (N, NE, E, SE, S, SW, W, NW)',
  cloud: 'Choose the cloud from the list',
  precipitation: 'Choose the precipitation from the list',
  emptyWeather: 'Give at least one weather detail, or leave the weather out',
} as const;

/** What is said of a photo that cannot be added. */
export const PHOTO_MESSAGES = {
  tooMany: `A record can have at most ${PHOTO_LIMITS.perRecord} photos. Remove one to add another.`,
  tooLarge: `A photo must be at most ${PHOTO_LIMITS.maxUploadBytes / (1024 * 1024)} MB.`,
  notAnImage: 'This file is not a photo Cull Log can read. Choose a JPEG, PNG or WebP image.',
  noFile: 'Send one photo, as a file in the form field "photo".',
  /** A file recognised by its first bytes as another kind of image than a photo kept, whatever its name says. */
  otherFormat: (kind: string) =>
    `This file is ${kind}, which Cull Log does not take as a photo. Choose a JPEG, PNG or WebP image.`,
  tooManyPixels: `A photo can be at most ${PHOTO_LIMITS.maxInputPixels / 1_000_000} megapixels. Send a smaller copy: Cull Log keeps photos at most ${PHOTO_LIMITS.longEdgePx} pixels on their long edge.`,
  notFound: 'Photo not found',
} as const;

/** What is said of grounds, outings, the season setting and plans. */
export const MANAGEMENT_MESSAGES = {
  groundName: 'Name is required',
  groundNameTaken: 'You already have a ground with this name',
  groundUnknown: 'Choose one of your grounds',
  groundArchived: 'This ground is archived: restore it first',
  moveAlone: 'Moving a ground into a team is a change of its own: send team_id alone',
  groundInTeam: 'This ground is already a team’s',
  moveManagersOnly: 'Only a manager of the team may move a ground into it',
  boundary: `A boundary is a closed line of 4 to ${MANAGEMENT_LIMITS.boundaryCornersMax} corners, each a longitude and latitude`,
  outingUnknown: 'Choose one of your outings',
  outingOpen: 'An outing is already under way: end it first',
  outingEndsBeforeStart: 'An outing ends after it starts',
  outingHasCulls: 'This outing has culls: move or delete them first',
  seasonStart: 'The season starts on 1 April (04-01) or 1 August (08-01)',
  season: 'Season must be a stalking season such as 2026-27',
  planDuplicateGround: 'Each ground has one plan a season',
  allocationDuplicate: 'Each member has one share of a species and class on a ground',
  planDuplicateTarget: 'Each species and sex has one target in a plan',
  target: `A target is a whole number from 0 to ${MANAGEMENT_LIMITS.targetMax}`,
  atLeastOneChange: 'Send at least one field to change',
  groundNotFound: 'Ground not found',
  outingNotFound: 'Outing not found',
  idTaken: 'Something with this id already exists',
} as const;
