import log from './team-ground-log-v1.json';

/**
 * A person's ground moved into a team, and the culls a team kept of a member who erased their account, as the first
 * version of those events writes them, frozen: a ground created and renamed by its maker (`u-1`), moved into the
 * team, then archived by the team; and, in the team's stream after TEAM_LOG_V1, the facts of a former member's two
 * culls. Replaying them must give the same ground and the same kept facts for as long as these versions are read.
 */
export const TEAM_GROUND_LOG_V1 = log as { events: Record<string, unknown>[] };
