import {
  TEAM_EVENT_TYPES,
  teamOwnerId,
  type CommandMeta,
  type KeptCull,
  type TeamEvent,
  type TeamKind,
  type TeamRole,
} from '@cull-log/contracts';
import { eventEnvelope, type Decider, type Decision } from './decider';
import type { AbsentStream, LiveStream } from './stream-state';

const T = TEAM_EVENT_TYPES;

export interface TeamInvite {
  role: TeamRole;
  expiresAt: string;
  maxUses: number;
  uses: number;
  revoked: boolean;
  permit: { groundIds: string[]; startsOn: string; endsOn: string } | null;
}

export interface TeamPermit {
  memberId: string;
  groundIds: string[];
  startsOn: string;
  endsOn: string;
}

/** What one team's stream has come to: its members by member id, its invitations and its guests' permits. */
export type TeamState =
  | AbsentStream
  | LiveStream<{
      name: string;
      kind: TeamKind;
      /** Member id → role, for those in the team now. */
      members: Readonly<Record<string, TeamRole>>;
      invites: Readonly<Record<string, TeamInvite>>;
      /** Permits not yet ended (one past its last day still counts here: it simply no longer allows). */
      permits: Readonly<Record<string, TeamPermit>>;
      createdAt: string;
    }>;

const initialState: TeamState = { status: 'absent', version: 0 };

interface TeamCommandBase {
  teamId: string;
  meta: CommandMeta;
}

/** The member carrying out a command: undefined when the caller is not in the team. */
interface ByMember extends TeamCommandBase {
  actor: string | undefined;
}

export type TeamCommand =
  | (TeamCommandBase & { type: 'CreateTeam'; name: string; kind: TeamKind; memberId: string })
  | (ByMember & { type: 'RenameTeam'; name?: string; kind?: TeamKind })
  | (ByMember & {
      type: 'CreateInvite';
      inviteId: string;
      role: TeamRole;
      expiresAt: string;
      maxUses: number;
      permit: TeamInvite['permit'];
    })
  | (ByMember & { type: 'RevokeInvite'; inviteId: string })
  | (TeamCommandBase & {
      type: 'JoinTeam';
      memberId: string;
      inviteId: string;
      /** The id the guest's permit takes, if the invitation grants one. */
      permitId: string;
    })
  | (ByMember & { type: 'ChangeRole'; memberId: string; role: TeamRole })
  | (ByMember & {
      type: 'LeaveTeam';
      memberId: string;
      /**
       * The member is erasing their account: they leave whatever their role, and a last manager hands the team to
       * its longest-standing stalker (or viewer) first, so the team is not left without one.
       */
      erasing?: boolean;
    })
  | (ByMember & {
      type: 'GrantPermit';
      permitId: string;
      memberId: string;
      groundIds: string[];
      startsOn: string;
      endsOn: string;
    })
  | (ByMember & { type: 'EndPermit'; permitId: string })
  | (TeamCommandBase & {
      /**
       * A former member is erasing their account: the team keeps the facts of their culls on its grounds, naming
       * nobody. Only for someone no longer in the team (an erasing member leaves first).
       */
      type: 'KeepCulls';
      memberId: string;
      culls: KeptCull[];
    })
  | (TeamCommandBase & {
      /** The retention: the team no longer keeps these kept culls (ids of team.culls_kept.v1), culled and kept too long ago. */
      type: 'RemoveKeptCulls';
      ids: string[];
    });

export type TeamDecisionError =
  | { code: 'not_found' }
  | { code: 'already_exists' }
  | { code: 'version_conflict'; actualVersion: number }
  | { code: 'managers_only' }
  | { code: 'last_manager' }
  | { code: 'member_not_found' }
  | { code: 'already_member' }
  | { code: 'invite_not_found' }
  | { code: 'invite_expired' }
  | { code: 'invite_revoked' }
  | { code: 'invite_used_up' }
  | { code: 'permit_not_found' };

export type TeamDecision = Decision<TeamEvent, TeamDecisionError>;

/** Why an invitation no longer lets anyone join at `at` (an ISO moment); undefined while it does. */
export function inviteClosed(
  invite: TeamInvite,
  at: string,
): 'invite_revoked' | 'invite_expired' | 'invite_used_up' | undefined {
  if (invite.revoked) return 'invite_revoked';
  if (Date.parse(at) >= Date.parse(invite.expiresAt)) return 'invite_expired';
  if (invite.uses >= invite.maxUses) return 'invite_used_up';
  return undefined;
}

const refuse = (code: TeamDecisionError['code']): TeamDecision =>
  ({ ok: false, error: { code } }) as TeamDecision;

type ActiveTeam = Extract<TeamState, { status: 'active' }>;

const managersOf = (state: ActiveTeam) =>
  Object.values(state.members).filter((role) => role === 'manager').length;

/** Would the team be left without a manager if `memberId` stopped being one? */
const leavesNoManager = (state: ActiveTeam, memberId: string) =>
  state.members[memberId] === 'manager' && managersOf(state) === 1;

/** Who takes over from a last manager: the longest-standing stalker, else viewer (never a guest). */
function successorOf(state: ActiveTeam): string | undefined {
  const members = Object.entries(state.members);
  for (const role of ['stalker', 'viewer'] as const) {
    const found = members.find(([, memberRole]) => memberRole === role);
    if (found !== undefined) return found[0];
  }
  return undefined;
}

function decide(command: TeamCommand, state: TeamState): TeamDecision {
  // The team's events belong to the team, not to whoever made them (see teamOwnerId).
  const envelope = {
    ...eventEnvelope(command.meta, command.teamId, state.version),
    userId: teamOwnerId(command.teamId),
  };
  const accept = (event: Omit<TeamEvent, keyof typeof envelope>): TeamDecision => ({
    ok: true,
    events: [{ ...envelope, ...event } as TeamEvent],
  });

  if (command.type === 'CreateTeam') {
    if (state.status !== 'absent') return refuse('already_exists');
    return accept({
      type: T.teamCreated,
      data: { name: command.name, kind: command.kind, member_id: command.memberId },
    });
  }
  // A team the caller is not in is answered as one that is not there, like another user's record.
  if (state.status !== 'active') return refuse('not_found');

  if (command.type === 'JoinTeam') {
    const invite = state.invites[command.inviteId];
    if (invite === undefined) return refuse('invite_not_found');
    if (state.members[command.memberId] !== undefined) return refuse('already_member');
    const closed = inviteClosed(invite, command.meta.occurredAt);
    if (closed !== undefined) return refuse(closed);
    const permit = invite.permit === null ? null : { permit_id: command.permitId, ...dataOf(invite.permit) };
    return accept({
      type: T.memberJoined,
      data: { member_id: command.memberId, role: invite.role, invite_id: command.inviteId, permit },
    });
  }

  if (command.type === 'KeepCulls') {
    if (state.members[command.memberId] !== undefined) return refuse('already_member');
    if (command.culls.length === 0) return { ok: true, events: [] };
    return accept({ type: T.cullsKept, data: { member_id: command.memberId, culls: command.culls } });
  }

  if (command.type === 'RemoveKeptCulls') {
    if (command.ids.length === 0) return { ok: true, events: [] };
    return accept({ type: T.keptCullsRemoved, data: { ids: command.ids } });
  }

  if (command.actor === undefined || state.members[command.actor] === undefined) return refuse('not_found');
  const isManager = state.members[command.actor] === 'manager';

  if (command.type === 'LeaveTeam') {
    // A member may leave; only a manager may remove another.
    const removed = command.memberId !== command.actor;
    if (removed && !isManager) return refuse('managers_only');
    if (state.members[command.memberId] === undefined) return refuse('member_not_found');
    const left = { ...envelope, type: T.memberLeft, data: { member_id: command.memberId, removed } };
    if (!leavesNoManager(state, command.memberId)) return { ok: true, events: [left as TeamEvent] };
    if (command.erasing !== true) return refuse('last_manager');
    const successor = successorOf(state);
    if (successor === undefined) return { ok: true, events: [left as TeamEvent] };
    const handedOver = {
      ...envelope,
      type: T.roleChanged,
      data: { member_id: successor, role: 'manager' as const },
    };
    const second = eventEnvelope(command.meta, command.teamId, state.version, 1);
    return {
      ok: true,
      events: [handedOver, { ...left, id: second.id, version: second.version }] as TeamEvent[],
    };
  }
  if (!isManager) return refuse('managers_only');

  switch (command.type) {
    case 'RenameTeam': {
      const name = command.name ?? state.name;
      const kind = command.kind ?? state.kind;
      if (name === state.name && kind === state.kind) return { ok: true, events: [] };
      return accept({ type: T.teamRenamed, data: { name, kind } });
    }
    case 'CreateInvite':
      if (state.invites[command.inviteId] !== undefined) return refuse('already_exists');
      return accept({
        type: T.inviteCreated,
        data: {
          invite_id: command.inviteId,
          role: command.role,
          expires_at: command.expiresAt,
          max_uses: command.maxUses,
          permit: command.permit === null ? null : dataOf(command.permit),
        },
      });
    case 'RevokeInvite': {
      const invite = state.invites[command.inviteId];
      if (invite === undefined) return refuse('invite_not_found');
      if (invite.revoked) return { ok: true, events: [] };
      return accept({ type: T.inviteRevoked, data: { invite_id: command.inviteId } });
    }
    case 'ChangeRole': {
      const role = state.members[command.memberId];
      if (role === undefined) return refuse('member_not_found');
      if (role === command.role) return { ok: true, events: [] };
      if (leavesNoManager(state, command.memberId)) return refuse('last_manager');
      return accept({ type: T.roleChanged, data: { member_id: command.memberId, role: command.role } });
    }
    case 'GrantPermit':
      if (state.members[command.memberId] === undefined) return refuse('member_not_found');
      if (state.permits[command.permitId] !== undefined) return refuse('already_exists');
      return accept({
        type: T.permitGranted,
        data: {
          permit_id: command.permitId,
          member_id: command.memberId,
          ground_ids: command.groundIds,
          starts_on: command.startsOn,
          ends_on: command.endsOn,
        },
      });
    case 'EndPermit':
      if (state.permits[command.permitId] === undefined) return refuse('permit_not_found');
      return accept({ type: T.permitEnded, data: { permit_id: command.permitId } });
  }
}

type PermitTermsData = { ground_ids: string[]; starts_on: string; ends_on: string };
type Terms = NonNullable<TeamInvite['permit']>;

/** A permit's grounds and days as the state keeps them, from the event's data, and back. */
const termsOf = (data: PermitTermsData): Terms => ({
  groundIds: data.ground_ids,
  startsOn: data.starts_on,
  endsOn: data.ends_on,
});
const dataOf = (terms: Terms): PermitTermsData => ({
  ground_ids: terms.groundIds,
  starts_on: terms.startsOn,
  ends_on: terms.endsOn,
});

const without = <V>(record: Readonly<Record<string, V>>, key: string) =>
  Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));

/** A member's permits end when they leave. */
const permitsOfOthers = (permits: Readonly<Record<string, TeamPermit>>, memberId: string) =>
  Object.fromEntries(Object.entries(permits).filter(([, permit]) => permit.memberId !== memberId));

function evolve(state: TeamState, event: TeamEvent): TeamState {
  if (event.type === T.teamCreated) {
    return {
      status: 'active',
      version: event.version,
      name: event.data.name,
      kind: event.data.kind,
      members: { [event.data.member_id]: 'manager' },
      invites: {},
      permits: {},
      createdAt: event.occurredAt,
    };
  }
  if (state.status !== 'active') return state;
  const next = { ...state, version: event.version };
  switch (event.type) {
    case T.teamRenamed:
      return { ...next, name: event.data.name, kind: event.data.kind };
    case T.inviteCreated: {
      const { invite_id, role, expires_at, max_uses, permit } = event.data;
      const invite: TeamInvite = {
        role,
        expiresAt: expires_at,
        maxUses: max_uses,
        uses: 0,
        revoked: false,
        permit: permit === null ? null : termsOf(permit),
      };
      return { ...next, invites: { ...state.invites, [invite_id]: invite } };
    }
    case T.inviteRevoked: {
      const invite = state.invites[event.data.invite_id];
      if (invite === undefined) return next;
      return { ...next, invites: { ...state.invites, [event.data.invite_id]: { ...invite, revoked: true } } };
    }
    case T.memberJoined: {
      const { member_id, role, invite_id, permit } = event.data;
      const invite = state.invites[invite_id];
      return {
        ...next,
        members: { ...state.members, [member_id]: role },
        invites:
          invite === undefined
            ? state.invites
            : { ...state.invites, [invite_id]: { ...invite, uses: invite.uses + 1 } },
        permits:
          permit === null
            ? state.permits
            : { ...state.permits, [permit.permit_id]: { memberId: member_id, ...termsOf(permit) } },
      };
    }
    case T.roleChanged:
      return { ...next, members: { ...state.members, [event.data.member_id]: event.data.role } };
    case T.memberLeft:
      return {
        ...next,
        members: without(state.members, event.data.member_id),
        permits: permitsOfOthers(state.permits, event.data.member_id),
      };
    case T.permitGranted: {
      const { permit_id, member_id } = event.data;
      return {
        ...next,
        permits: { ...state.permits, [permit_id]: { memberId: member_id, ...termsOf(event.data) } },
      };
    }
    case T.permitEnded:
      return { ...next, permits: without(state.permits, event.data.permit_id) };
    case T.cullsKept:
    case T.keptCullsRemoved:
      return next;
  }
}

/** A team's stream: created, renamed, its invitations, members, roles and guests' permits, and the culls it keeps. */
export const teamDecider: Decider<TeamCommand, TeamEvent, TeamState, TeamDecisionError> = {
  decide,
  evolve,
  initialState,
};
