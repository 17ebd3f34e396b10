import log from './team-log-v1.json';

/**
 * A team's stream as the first version of teams writes it, frozen: created and renamed, two invitations (a guest's
 * with a permit), two joins, a withdrawal, a role change, a permit granted and one ended, a manager leaving and a
 * guest removed. Replaying it must give the same team for as long as these event versions are read.
 */
export const TEAM_LOG_V1 = log as { events: Record<string, unknown>[] };
