import { describe, expect, it } from 'vitest';
import { TeamEvent, type CommandMeta } from '@cull-log/contracts';
import { foldStream } from './decider';
import { teamDecider, type TeamCommand, type TeamDecisionError, type TeamState } from './team-decider';

const TEAM = '7f0c8a52-3a1e-4c9b-9a52-1d3f0e7b6a01';
let clock = Date.parse('2026-11-01T08:00:00Z');
let eventNumber = 0;
const meta = (userId = 'ann'): CommandMeta => ({
  userId,
  eventId: `event-${++eventNumber}`,
  occurredAt: new Date(clock).toISOString(),
  correlationId: 'request',
});

/** Runs commands in order on one team's stream, answering each decision and the stream's events. */
function history(...commands: TeamCommand[]) {
  const events: TeamEvent[] = [];
  const errors: (TeamDecisionError | undefined)[] = [];
  for (const command of commands) {
    const decision = teamDecider.decide(command, foldStream(teamDecider, events));
    if (decision.ok) events.push(...decision.events);
    errors.push(decision.ok ? undefined : decision.error);
  }
  return {
    events,
    errors,
    state: foldStream(teamDecider, events) as Extract<TeamState, { status: 'active' }>,
  };
}

const create: TeamCommand = {
  type: 'CreateTeam',
  teamId: TEAM,
  name: 'North Hill syndicate',
  kind: 'syndicate',
  memberId: 'm-ann',
  meta: meta(),
};
const invite = (
  inviteId: string,
  role: 'stalker' | 'guest' | 'viewer' | 'manager' = 'stalker',
  maxUses = 1,
) =>
  ({
    type: 'CreateInvite',
    teamId: TEAM,
    actor: 'm-ann',
    inviteId,
    role,
    expiresAt: new Date(clock + 7 * 86_400_000).toISOString(),
    maxUses,
    permit: role === 'guest' ? { groundIds: ['g-1'], startsOn: '2026-11-02', endsOn: '2026-11-04' } : null,
    meta: meta(),
  }) satisfies TeamCommand;
const join = (memberId: string, inviteId: string): TeamCommand => ({
  type: 'JoinTeam',
  teamId: TEAM,
  memberId,
  inviteId,
  permitId: `permit-${memberId}`,
  meta: meta(memberId),
});

describe('the team decider', () => {
  it("writes events that are the team's, not the person's, each valid by its schema", () => {
    const { events, errors } = history(create, invite('i-1'), join('m-bob', 'i-1'));
    expect(errors).toEqual([undefined, undefined, undefined]);
    for (const event of events) {
      expect(TeamEvent.parse(event)).toEqual(event);
      expect(event.userId).toBe(`team-${TEAM}`);
      expect(JSON.stringify(event)).not.toContain('"ann"');
    }
    expect(events.map((event) => event.version)).toEqual([1, 2, 3]);
  });

  it('makes the creator its manager and an invited member what the invitation offers', () => {
    const { state } = history(create, invite('i-1', 'viewer'), join('m-bob', 'i-1'));
    expect(state.members).toEqual({ 'm-ann': 'manager', 'm-bob': 'viewer' });
  });

  it('refuses an invitation used up, withdrawn or expired, and one that was never made', () => {
    const used = history(create, invite('i-1'), join('m-bob', 'i-1'), join('m-cat', 'i-1'));
    expect(used.errors.at(-1)).toEqual({ code: 'invite_used_up' });
    const revoke: TeamCommand = {
      type: 'RevokeInvite',
      teamId: TEAM,
      actor: 'm-ann',
      inviteId: 'i-2',
      meta: meta(),
    };
    const withdrawn = history(create, invite('i-2', 'stalker', 5), revoke, join('m-bob', 'i-2'));
    expect(withdrawn.errors.at(-1)).toEqual({ code: 'invite_revoked' });
    const made = history(create, invite('i-3', 'stalker', 5));
    clock += 8 * 86_400_000;
    const late = teamDecider.decide(join('m-bob', 'i-3'), made.state);
    expect(late).toEqual({ ok: false, error: { code: 'invite_expired' } });
    expect(history(create, join('m-bob', 'nope')).errors.at(-1)).toEqual({ code: 'invite_not_found' });
  });

  it('lets a member join once', () => {
    const { errors } = history(
      create,
      invite('i-1', 'stalker', 3),
      join('m-bob', 'i-1'),
      join('m-bob', 'i-1'),
    );
    expect(errors.at(-1)).toEqual({ code: 'already_member' });
  });

  it("gives a guest the invitation's permit, ended when they leave", () => {
    const joined = history(create, invite('i-g', 'guest'), join('m-gus', 'i-g'));
    expect(joined.state.permits).toEqual({
      'permit-m-gus': { memberId: 'm-gus', groundIds: ['g-1'], startsOn: '2026-11-02', endsOn: '2026-11-04' },
    });
    const leave: TeamCommand = {
      type: 'LeaveTeam',
      teamId: TEAM,
      actor: 'm-gus',
      memberId: 'm-gus',
      meta: meta(),
    };
    const left = history(create, invite('i-g', 'guest'), join('m-gus', 'i-g'), leave);
    expect(left.state.permits).toEqual({});
    expect(left.events.at(-1)?.data).toEqual({ member_id: 'm-gus', removed: false });
  });

  it('keeps at least one manager: the last cannot leave or be demoted, until another is made manager', () => {
    const demote: TeamCommand = {
      type: 'ChangeRole',
      teamId: TEAM,
      actor: 'm-ann',
      memberId: 'm-ann',
      role: 'stalker',
      meta: meta(),
    };
    const leave: TeamCommand = {
      type: 'LeaveTeam',
      teamId: TEAM,
      actor: 'm-ann',
      memberId: 'm-ann',
      meta: meta(),
    };
    expect(history(create, demote).errors.at(-1)).toEqual({ code: 'last_manager' });
    expect(history(create, leave).errors.at(-1)).toEqual({ code: 'last_manager' });
    const promote: TeamCommand = { ...demote, memberId: 'm-bob', role: 'manager' };
    const handedOver = history(create, invite('i-1'), join('m-bob', 'i-1'), promote, leave);
    expect(handedOver.errors).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(handedOver.state.members).toEqual({ 'm-bob': 'manager' });
  });

  it('leaves members, invitations and roles to managers, and answers an outsider as if there were no team', () => {
    const base = [create, invite('i-1'), join('m-bob', 'i-1')] as const;
    const byStalker = (command: TeamCommand) => history(...base, command).errors.at(-1);
    expect(byStalker({ ...invite('i-2'), actor: 'm-bob' })).toEqual({ code: 'managers_only' });
    expect(
      byStalker({
        type: 'ChangeRole',
        teamId: TEAM,
        actor: 'm-bob',
        memberId: 'm-bob',
        role: 'manager',
        meta: meta(),
      }),
    ).toEqual({ code: 'managers_only' });
    expect(
      byStalker({ type: 'LeaveTeam', teamId: TEAM, actor: 'm-bob', memberId: 'm-ann', meta: meta() }),
    ).toEqual({ code: 'managers_only' });
    expect(
      byStalker({ type: 'RenameTeam', teamId: TEAM, actor: 'm-bob', name: 'Mine', meta: meta() }),
    ).toEqual({
      code: 'managers_only',
    });
    expect(
      byStalker({ type: 'RenameTeam', teamId: TEAM, actor: undefined, name: 'Mine', meta: meta() }),
    ).toEqual({
      code: 'not_found',
    });
    expect(
      history({ type: 'RenameTeam', teamId: TEAM, actor: 'm-ann', name: 'X', meta: meta() }).errors,
    ).toEqual([{ code: 'not_found' }]);
  });

  it('writes nothing for a change to what already is', () => {
    const same: TeamCommand = {
      type: 'RenameTeam',
      teamId: TEAM,
      actor: 'm-ann',
      name: create.name,
      meta: meta(),
    };
    const { events } = history(create, same);
    expect(events).toHaveLength(1);
  });

  it('lets a last manager who erases their account leave, handing the team to its longest-standing stalker', () => {
    const erase: TeamCommand = {
      type: 'LeaveTeam',
      teamId: TEAM,
      actor: 'm-ann',
      memberId: 'm-ann',
      erasing: true,
      meta: meta(),
    };
    const withOthers = history(
      create,
      invite('i-v', 'viewer'),
      join('m-vic', 'i-v'),
      invite('i-1'),
      join('m-bob', 'i-1'),
      invite('i-2'),
      join('m-cat', 'i-2'),
      erase,
    );
    expect(withOthers.errors.at(-1)).toBeUndefined();
    expect(withOthers.state.members).toEqual({ 'm-vic': 'viewer', 'm-bob': 'manager', 'm-cat': 'stalker' });
    expect(withOthers.events.slice(-2).map((event) => [event.type, event.version])).toEqual([
      ['team.role_changed.v1', 8],
      ['team.member_left.v1', 9],
    ]);
    const alone = history(create, erase);
    expect(alone.state.members).toEqual({});
    const withGuest = history(create, invite('i-g', 'guest'), join('m-gus', 'i-g'), erase);
    expect(withGuest.state.members).toEqual({ 'm-gus': 'guest' });
  });

  it('lets a manager remove a member, whose role is then gone', () => {
    const remove: TeamCommand = {
      type: 'LeaveTeam',
      teamId: TEAM,
      actor: 'm-ann',
      memberId: 'm-bob',
      meta: meta(),
    };
    const { state, events } = history(create, invite('i-1'), join('m-bob', 'i-1'), remove);
    expect(state.members).toEqual({ 'm-ann': 'manager' });
    expect(events.at(-1)?.data).toEqual({ member_id: 'm-bob', removed: true });
  });
});
