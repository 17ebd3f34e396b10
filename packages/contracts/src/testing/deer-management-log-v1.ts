import log from './deer-management-log-v1.json';

/**
 * One user's sightings and counts as the first version of deer management writes them, frozen: an outing of two
 * that saw a doe, changed to three out with a doe and a kid; a blank outing that saw nothing; a vantage-point count
 * amended (a line added, its notes cleared); a dung count; a drive count deleted. Replaying it must give the same
 * outings and counts for as long as these event versions are read.
 */
export const DEER_MANAGEMENT_LOG_V1 = log as { events: Record<string, unknown>[] };
