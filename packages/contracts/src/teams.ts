import { z } from 'zod';
import { CullFields } from './cull';
import { ABNORMALITY_CODES } from './enums';
import { GroundId, PlanTarget } from './grounds';
import { TEAM_KINDS, TEAM_LIMITS, TEAM_ROLES } from './team-words';
import { refuseUnsafeText } from './validation';

export { TEAM_KINDS, TEAM_LIMITS, TEAM_ROLES } from './team-words';

/**
 * Teams: a syndicate, an estate, a deer management group or another group that manages deer together. A team is a
 * stream of its own; its members are named in it by a member id of the team's own, never by their user id, so that
 * what the team keeps after a member erases their account names nobody. The link from a member id to a user (and
 * the name the team shows) is an event of the user's own, erased with them.
 */

export const TeamKind = z.enum(TEAM_KINDS, {
  error: 'Kind must be syndicate, estate, deer_management_group or other',
});
export type TeamKind = z.infer<typeof TeamKind>;

export const TeamRole = z.enum(TEAM_ROLES, { error: 'Role must be manager, stalker, viewer or guest' });
export type TeamRole = z.infer<typeof TeamRole>;

export const TEAM_MESSAGES = {
  name: 'Name is required',
  notFound: 'Team not found',
  memberNotFound: 'Member not found',
  inviteNotFound: 'This invitation link is not valid',
  inviteExpired: 'This invitation has expired: ask the team’s manager for a new one',
  inviteRevoked: 'This invitation was withdrawn: ask the team’s manager for a new one',
  inviteUsedUp:
    'This invitation has been used as many times as it allows: ask the team’s manager for a new one',
  alreadyMember: 'You are already a member of this team',
  managersOnly: 'Only a manager of the team may do this',
  lastManager: 'A team keeps at least one manager: make another member a manager first',
  guestPermit: 'A guest’s invitation names the grounds and the first and last day of the permit',
  permitForGuests: 'Only a guest’s invitation names grounds and dates',
  permitDates: 'The permit’s last day is on or after its first, within a year',
  permitNotFound: 'Permit not found',
  permitsForGuests: 'Permits are for the team’s guests',
  groundNotTeams: 'Choose one of the team’s grounds',
  memberNeedsTeam: 'A member’s records are read within a team: send team with member',
  allocationsForTeams: 'Only a team’s plan shares its targets out among members',
  allocationMember: 'Choose a member of the team',
} as const;

const TeamName = z
  .string()
  .trim()
  .min(1, { error: TEAM_MESSAGES.name })
  .max(TEAM_LIMITS.name, { error: `Must be at most ${TEAM_LIMITS.name} characters` });

export const TeamId = z.uuid({ error: 'team must be a UUID' });

/** Body of POST /api/teams: the caller becomes its first manager. */
export const CreateTeamRequest = z
  .strictObject({ id: TeamId.optional(), name: TeamName, kind: TeamKind })
  .superRefine(refuseUnsafeText);
export type CreateTeamRequest = z.infer<typeof CreateTeamRequest>;

/** Body of PATCH /api/teams/:id (managers only). */
export const UpdateTeamRequest = z
  .strictObject({ name: TeamName.optional(), kind: TeamKind.optional() })
  .superRefine(refuseUnsafeText)
  .refine((body) => body.name !== undefined || body.kind !== undefined, {
    error: 'Send at least one field to change',
  });
export type UpdateTeamRequest = z.infer<typeof UpdateTeamRequest>;

/**
 * `?team=` and `?member=` of GET /api/culls: a team's records, narrowed to one member's (by their uid; one not in the
 * team reads none). A member is only read within a team.
 */
export const TeamRecordsFilter = z
  .object({
    team: z.string({ error: 'team must be given once' }).min(1).optional(),
    member: z.string({ error: 'member must be given once' }).min(1).max(200).optional(),
  })
  .refine((filter) => filter.member === undefined || filter.team !== undefined, {
    error: TEAM_MESSAGES.memberNeedsTeam,
    path: ['member'],
  });
export type TeamRecordsFilter = z.infer<typeof TeamRecordsFilter>;

/** A team as its member reads it, with the caller's own role. */
export const Team = z.object({ id: z.string(), name: z.string(), kind: TeamKind, role: TeamRole });
export type Team = z.infer<typeof Team>;

/** GET /api/teams: the teams the caller belongs to, by name. */
export const ListTeamsResponse = z.object({ items: z.array(Team) });
export type ListTeamsResponse = z.infer<typeof ListTeamsResponse>;

/** A calendar day, YYYY-MM-DD (a permit's first and last day, in Britain's time). */
const Day = z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' });

/** A permit's last day is on or after its first, and it runs for at most a year. */
const permitDaysHold = (startsOn: string, endsOn: string) => {
  const days = (Date.parse(endsOn) - Date.parse(startsOn)) / 86_400_000;
  return days >= 0 && days < TEAM_LIMITS.permitDaysMax;
};

/** The grounds of a guest's permit: the team's own. */
const PermitGrounds = z.array(GroundId).min(1).max(TEAM_LIMITS.permitGroundsMax);

/**
 * Body of POST /api/teams/:id/invites. A guest's invitation names the grounds and days of the permit it grants
 * (`ground_ids`, `starts_on`, `ends_on`); any other role's names none.
 */
export const CreateInviteRequest = z
  .strictObject({
    role: TeamRole,
    expires_in_days: z.number().int().min(1).max(TEAM_LIMITS.inviteDaysMax).optional(),
    max_uses: z.number().int().min(1).max(TEAM_LIMITS.inviteUsesMax).optional(),
    ground_ids: PermitGrounds.optional(),
    starts_on: Day.optional(),
    ends_on: Day.optional(),
  })
  .superRefine((body, context) => {
    const named = [body.ground_ids, body.starts_on, body.ends_on].filter((part) => part !== undefined).length;
    if (body.role === 'guest' && named < 3) {
      context.addIssue({ code: 'custom', message: TEAM_MESSAGES.guestPermit, path: ['ground_ids'] });
    } else if (body.role !== 'guest' && named > 0) {
      context.addIssue({ code: 'custom', message: TEAM_MESSAGES.permitForGuests, path: ['role'] });
    } else if (
      body.starts_on !== undefined &&
      body.ends_on !== undefined &&
      !permitDaysHold(body.starts_on, body.ends_on)
    ) {
      context.addIssue({ code: 'custom', message: TEAM_MESSAGES.permitDates, path: ['ends_on'] });
    }
  });
export type CreateInviteRequest = z.infer<typeof CreateInviteRequest>;

/** An invitation as its manager sees it once made: the link to send. */
export const InviteCreated = z.object({
  id: z.string(),
  token: z.string(),
  url: z.string(),
  expires_at: z.iso.datetime(),
});
export type InviteCreated = z.infer<typeof InviteCreated>;

/** An invitation still open (not withdrawn, expired or used up), as the team's managers list it to copy or withdraw. */
export const OpenInvite = z.object({
  id: z.string(),
  role: TeamRole,
  url: z.string(),
  expires_at: z.iso.datetime(),
  uses: z.number().int(),
  max_uses: z.number().int(),
  ground_ids: z.array(z.string()).nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
});
export type OpenInvite = z.infer<typeof OpenInvite>;

/** GET /api/teams/:id/invites (managers only): the open invitations, soonest to expire first. */
export const TeamInvitesResponse = z.object({ invites: z.array(OpenInvite) });
export type TeamInvitesResponse = z.infer<typeof TeamInvitesResponse>;

/** GET /api/invites/:token, to any signed-in user holding the link: what joining would mean. */
export const InviteOffer = z.object({
  team: z.object({ id: z.string(), name: z.string(), kind: TeamKind }),
  role: TeamRole,
  expires_at: z.iso.datetime(),
});
export type InviteOffer = z.infer<typeof InviteOffer>;

/** One member of a team as its members see them. */
export const TeamMember = z.object({ uid: z.string(), name: z.string(), role: TeamRole });
export type TeamMember = z.infer<typeof TeamMember>;

/** GET /api/teams/:id/members: every member, managers first, then by name. */
export const TeamMembersResponse = z.object({ members: z.array(TeamMember) });
export type TeamMembersResponse = z.infer<typeof TeamMembersResponse>;

/**
 * A caller's place in a team at one request, as the records service (which keeps who is in each team) answers it
 * to the gateway, and as the gateway hands it, signed, to the services that read a team's figures and documents.
 */
export const TeamAccess = z.strictObject({
  team_id: z.string().min(1),
  role: TeamRole,
  /** The caller's member id in the team: the figures name members by it, never by their user id. */
  member_id: z.string().min(1),
});
export type TeamAccess = z.infer<typeof TeamAccess>;

/** Body of PATCH /api/teams/:id/members/:uid (managers only). */
export const ChangeRoleRequest = z.strictObject({ role: TeamRole });
export type ChangeRoleRequest = z.infer<typeof ChangeRoleRequest>;

/** Body of POST /api/teams/:id/permits (managers only): a permit for a guest already in the team. */
export const GrantPermitRequest = z
  .strictObject({ uid: z.string().min(1).max(200), ground_ids: PermitGrounds, starts_on: Day, ends_on: Day })
  .refine(({ starts_on, ends_on }) => permitDaysHold(starts_on, ends_on), {
    error: TEAM_MESSAGES.permitDates,
    path: ['ends_on'],
  });
export type GrantPermitRequest = z.infer<typeof GrantPermitRequest>;

/** A guest's permit as the team's managers read it. */
export const Permit = z.object({
  id: z.string(),
  uid: z.string(),
  ground_ids: z.array(z.string()),
  starts_on: z.string(),
  ends_on: z.string(),
});
export type Permit = z.infer<typeof Permit>;

/** GET /api/teams/:id/permits (managers only): the guests' permits not ended, by first day. */
export const TeamPermitsResponse = z.object({ permits: z.array(Permit) });
export type TeamPermitsResponse = z.infer<typeof TeamPermitsResponse>;

/** The event types of a team's stream, and of the member links kept in each user's own stream. */
export const TEAM_EVENT_TYPES = {
  teamCreated: 'team.created.v1',
  teamRenamed: 'team.renamed.v1',
  inviteCreated: 'team.invite_created.v1',
  inviteRevoked: 'team.invite_revoked.v1',
  memberJoined: 'team.member_joined.v1',
  roleChanged: 'team.role_changed.v1',
  memberLeft: 'team.member_left.v1',
  permitGranted: 'team.permit_granted.v1',
  permitEnded: 'team.permit_ended.v1',
  /**
   * A member erased their account: the facts of the culls they made on the team's grounds, which the team keeps, with
   * nothing that names them (no notes, photos, exact place, shooter or examiner).
   */
  cullsKept: 'team.culls_kept.v1',
  /**
   * Kept culls past retention (culled and kept over RECORD_RETENTION_YEARS ago), which the team no longer keeps: the
   * figures and documents take them out. The retention also takes them out of the team.culls_kept.v1 events that held
   * them, so the log keeps nothing of them either (an event left with none becomes this event naming its own).
   */
  keptCullsRemoved: 'team.kept_culls_removed.v1',
  /** In the user's own stream: this user is this member of this team, under this name. Erased with the user. */
  memberLinked: 'member.linked.v1',
  /**
   * In a team plan's stream (the team's plans of one season, beside its plans.set.v1): each member's share, by member
   * id. Replaces the season's allocations whole.
   */
  plansAllocated: 'plans.allocated.v1',
} as const;

const MemberId = z.string().min(1);
const PermitData = z.strictObject({
  permit_id: z.string().min(1),
  ground_ids: z.array(z.string()),
  starts_on: z.string(),
  ends_on: z.string(),
});

/**
 * A cull as a team keeps it once the member who made it has erased their account: the facts of the cull (date, time,
 * species, sex, age, condition, ground, weight, antlers, calibre and bullet, carcass tag, destination and dealer, the
 * larder's inspection findings) under an id of the team's own, without the notes, condition notes, photos,
 * coordinates, grid reference, their words for the place, shot distance, shooter, examiner's name and certificate,
 * or anything else that could name the person.
 */
export const KeptCull = z.strictObject({
  /** The team's own id for its copy, not the erased record's. */
  id: z.string().min(1),
  ground_id: z.string().min(1),
  /** The ground's name when kept: never the member's own words for the place. */
  location_name: z.string(),
  ...CullFields.pick({
    date: true,
    time: true,
    species: true,
    sex: true,
    age_estimate: true,
    condition: true,
    shot_placement: true,
    antlers_present: true,
    weight: true,
    antler_points: true,
    antler_condition: true,
    calibre: true,
    bullet_weight_gr: true,
    bullet_type: true,
    carcass_tag: true,
    carcass_destination: true,
    game_dealer: true,
  }).shape,
  /** The larder's findings, without who examined the carcass. */
  inspection: z
    .strictObject({
      abnormal_behaviour: z.boolean(),
      abnormalities: z.array(z.enum(ABNORMALITY_CODES)),
      other_abnormality: z.string().optional(),
      contamination_suspected: z.boolean(),
    })
    .optional(),
  /** When the member first recorded it. */
  recorded_at: z.iso.datetime(),
});
export type KeptCull = z.infer<typeof KeptCull>;

export const TEAM_EVENT_DATA = {
  /** The creator joins as the first manager under `member_id`. */
  [TEAM_EVENT_TYPES.teamCreated]: z.strictObject({ name: z.string(), kind: TeamKind, member_id: MemberId }),
  /** The team's name and kind as they now are. */
  [TEAM_EVENT_TYPES.teamRenamed]: z.strictObject({ name: z.string(), kind: TeamKind }),
  /** Never the token: the link is derived from the invite id with the service's secret. */
  [TEAM_EVENT_TYPES.inviteCreated]: z.strictObject({
    invite_id: z.string().min(1),
    role: TeamRole,
    expires_at: z.iso.datetime(),
    max_uses: z.number().int().min(1),
    permit: PermitData.omit({ permit_id: true }).nullable(),
  }),
  [TEAM_EVENT_TYPES.inviteRevoked]: z.strictObject({ invite_id: z.string().min(1) }),
  [TEAM_EVENT_TYPES.memberJoined]: z.strictObject({
    member_id: MemberId,
    role: TeamRole,
    invite_id: z.string().min(1),
    /** A guest's permit from the invitation, with the id it is ended by. */
    permit: PermitData.nullable(),
  }),
  [TEAM_EVENT_TYPES.roleChanged]: z.strictObject({ member_id: MemberId, role: TeamRole }),
  /** `removed`: by a manager; otherwise the member left (or erased their account). */
  [TEAM_EVENT_TYPES.memberLeft]: z.strictObject({ member_id: MemberId, removed: z.boolean() }),
  [TEAM_EVENT_TYPES.permitGranted]: PermitData.extend({ member_id: MemberId }),
  [TEAM_EVENT_TYPES.permitEnded]: z.strictObject({ permit_id: z.string().min(1) }),
  [TEAM_EVENT_TYPES.cullsKept]: z.strictObject({ member_id: MemberId, culls: z.array(KeptCull).min(1) }),
  /** The team's own ids of the kept culls removed (KeptCull's `id`). */
  [TEAM_EVENT_TYPES.keptCullsRemoved]: z.strictObject({ ids: z.array(z.string().min(1)).min(1) }),
  [TEAM_EVENT_TYPES.memberLinked]: z.strictObject({
    team_id: z.string().min(1),
    member_id: MemberId,
    name: z.string(),
  }),
  [TEAM_EVENT_TYPES.plansAllocated]: z.strictObject({
    season: z.string(),
    allocations: z.array(PlanTarget.extend({ member_id: MemberId, ground_id: GroundId })),
  }),
} as const;
