import log from './deer-values-log-v1.json';

/**
 * One user's settings stream as the first version of saved deer-management values writes it, frozen: the season's
 * start changed; a target of 6 roe per km² over three seasons saved for one ground; fallow and muntjac values for a
 * second; the first ground's values saved again (a target of 5, a female share of 55 %, two seasons). Replaying it
 * must give the same settings for as long as these event versions are read.
 */
export const DEER_VALUES_LOG_V1 = log as { events: Record<string, unknown>[] };
