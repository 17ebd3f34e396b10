import log from './team-retention-log-v1.json';

/**
 * The retention's removal of a team's kept cull, as the first version of the event writes it, frozen: in the team's
 * stream after TEAM_GROUND_LOG_V1, the first of the two culls it kept is no longer kept. Replaying it must take that
 * one out and leave the other for as long as this version is read.
 */
export const TEAM_RETENTION_LOG_V1 = log as { events: Record<string, unknown>[] };
