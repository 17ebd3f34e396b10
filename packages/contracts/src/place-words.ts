/**
 * Finding a place by what is typed, without zod: the messages, limits and the postcode test a screen needs as it
 * opens (the schemas of places.ts come with the check of an answer).
 */

export const PLACE_MESSAGES = {
  tooShort: 'Type at least 2 letters of a place',
  postcode: 'Postcodes are not searchable yet; try a place or a grid reference',
} as const;

export const PLACE_LIMITS = {
  queryMax: 100,
  /** The most places one search answers, best first. */
  results: 8,
} as const;

/** A UK postcode, whole ("SK17 6AB") or its outward half ("SK17"), in any case and spacing. */
const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?(\s*\d[A-Z]{2})?$/;

export const looksLikePostcode = (text: string): boolean => POSTCODE.test(text.trim().toUpperCase());
