import { IMPORT_LIMITS, REQUIRED_MESSAGES, type ImportDefaults } from '@cull-log/contracts';

/** Why a row will not import, beside the form's own words (which every other refusal uses). */
export const IMPORT_MESSAGES = {
  tooEarly: `Date must be in ${IMPORT_LIMITS.earliestYear} or later: check the year`,
  /** A required field the file has no column for, until the user chooses a value for the whole file. */
  needsDefault: (field: keyof ImportDefaults) =>
    `${REQUIRED_MESSAGES[field]}: the file has no column for it, so choose one for every row`,
  abnormality: (text: string) => `“${text}” is not an abnormality on the list`,
  unknownGround: (name: string) =>
    `You have no ground called “${name}”: the record is imported without a ground.`,
} as const;
