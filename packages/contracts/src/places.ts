import { z } from 'zod';
import { looksLikePostcode, PLACE_LIMITS, PLACE_MESSAGES } from './place-words';

/**
 * Finding a place to centre a map on, by its name: GET /api/places?q=. A grid reference is read where it is typed
 * (the domain's parseGridReference, offline too); postcodes need a dataset Cull Log does not have yet.
 */

/** Query of GET /api/places. */
export const PlaceSearchQuery = z.strictObject({
  q: z
    .string({ error: PLACE_MESSAGES.tooShort })
    .trim()
    .min(2, { error: PLACE_MESSAGES.tooShort })
    .max(PLACE_LIMITS.queryMax, { error: `Must be at most ${PLACE_LIMITS.queryMax} characters` })
    .refine((text) => !looksLikePostcode(text), { error: PLACE_MESSAGES.postcode }),
});
export type PlaceSearchQuery = z.infer<typeof PlaceSearchQuery>;

/** A town or village, with the county or district that tells it from others of its name. */
export const Place = z.object({
  name: z.string(),
  /** "North Yorkshire"; the nation or island where the gazetteer names no county. */
  area: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type Place = z.infer<typeof Place>;

/** GET /api/places: the places whose names match, best first; none is an empty list. */
export const PlacesResponse = z.object({ items: z.array(Place) });
export type PlacesResponse = z.infer<typeof PlacesResponse>;
