import log from './outing-sightings-log-v2.json';

/**
 * One user's sightings as written before and after places, frozen: an outing whose doe and kid were recorded by
 * outing.sightings_recorded.v1, then set again by v2 with the doe's place marked; and an outing of one pricket
 * recorded by v1 alone. Replaying it must give the same outings for as long as these event versions are read.
 */
export const OUTING_SIGHTINGS_LOG_V2 = log as { events: Record<string, unknown>[] };
