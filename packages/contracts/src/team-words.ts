// A team's kinds, roles and limits: plain constants, apart from the schemas in teams.ts, so that a screen that shows
// them builds no schema (the web's build puts this file with the contracts' other words).

export const TEAM_KINDS = ['syndicate', 'estate', 'deer_management_group', 'other'] as const;

/**
 * What a member may do. A manager runs the team; a stalker records on its grounds and reads its figures; a viewer
 * (landowner, agent, forester) reads and writes nothing; a guest records on named grounds between two dates.
 */
export const TEAM_ROLES = ['manager', 'stalker', 'viewer', 'guest'] as const;

export const TEAM_LIMITS = {
  name: 80,
  inviteDaysDefault: 7,
  inviteDaysMax: 30,
  inviteUsesDefault: 1,
  inviteUsesMax: 50,
  permitGroundsMax: 50,
  /** A guest's permit runs for at most a year. */
  permitDaysMax: 366,
} as const;
