import log from './team-plans-log-v1.json';

/**
 * A team's plans stream of one season as the first version of team plans writes it, frozen: the plans and their
 * allocations set in one append, then both changed in another (a ground's plan added, the shares moved). Replaying it
 * must give the same plans and shares for as long as these event versions are read.
 */
export const TEAM_PLANS_LOG_V1 = log as { events: Record<string, unknown>[] };
