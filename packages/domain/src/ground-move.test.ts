import { describe, expect, it } from 'vitest';
import {
  GroundEvent as GroundEventSchema,
  MANAGEMENT_EVENT_TYPES as T,
  TeamEvent as TeamEventSchema,
  teamOwnerId,
  type CommandMeta,
  type GroundEvent,
  type KeptCull,
  type TeamEvent,
} from '@cull-log/contracts';
import { foldStream } from './decider';
import { groundDecider, toGround, type GroundCommand } from './ground-decider';
import { teamDecider, type TeamCommand } from './team-decider';

const GROUND = '6a0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f60';
const TEAM = '7f0c8a52-3a1e-4c9b-9a52-1d3f0e7b6a01';
let eventNumber = 0;
const meta = (userId = 'ann', day = 1): CommandMeta => ({
  userId,
  eventId: `event-${++eventNumber}`,
  occurredAt: `2026-05-0${day}T06:00:00.000Z`,
  correlationId: 'request',
});
const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [-1, 51],
      [-0.9, 51],
      [-0.9, 51.1],
      [-1, 51.1],
      [-1, 51],
    ] as [number, number][],
  ],
};

/** Runs commands in order on the ground's stream: its events and each command's refusal, if any. */
function groundHistory(...commands: GroundCommand[]) {
  const events: GroundEvent[] = [];
  const errors: (string | undefined)[] = [];
  for (const command of commands) {
    const decision = groundDecider.decide(command, foldStream(groundDecider, events));
    if (decision.ok) events.push(...decision.events);
    errors.push(decision.ok ? undefined : decision.error.code);
  }
  return { events, errors, state: foldStream(groundDecider, events) };
}

const create = (userId = 'ann'): GroundCommand => ({
  type: 'CreateGround',
  groundId: GROUND,
  fields: { name: 'Home Wood', notes: 'High seat by the gate', boundary: square },
  meta: meta(userId, 1),
});
const move = (userId = 'ann', teamId = TEAM): GroundCommand => ({
  type: 'MoveGround',
  groundId: GROUND,
  teamId,
  meta: meta(userId, 3),
});

describe('moving a ground into a team', () => {
  it('writes the whole ground as the team’s, and the ground is the team’s from then on', () => {
    const { events, errors, state } = groundHistory(create(), move());
    expect(errors).toEqual([undefined, undefined]);
    const moved = events[1]!;
    expect(GroundEventSchema.parse(moved)).toEqual(moved);
    expect(moved).toMatchObject({
      type: T.groundMoved,
      version: 2,
      userId: teamOwnerId(TEAM),
      data: {
        team_id: TEAM,
        name: 'Home Wood',
        notes: 'High seat by the gate',
        boundary: square,
        centre: { latitude: 51.05, longitude: -0.95 },
        created_at: '2026-05-01T06:00:00.000Z',
      },
    });
    expect(state).toMatchObject({ status: 'active', ownerId: teamOwnerId(TEAM), version: 2 });
  });

  it('leaves the same ground when the mover’s own events are erased: the move stands alone', () => {
    const { events, state } = groundHistory(create(), move(), {
      type: 'AmendGround',
      groundId: GROUND,
      changes: { name: 'Home Wood North' },
      meta: { ...meta('team-manager', 4), userId: teamOwnerId(TEAM) },
    });
    const kept = events.filter((event) => event.userId !== 'ann');
    expect(kept.map((event) => event.type)).toEqual([T.groundMoved, T.groundRenamed]);
    expect(toGround(foldStream(groundDecider, kept), GROUND)).toEqual(toGround(state, GROUND));
    expect(toGround(state, GROUND)).toMatchObject({
      name: 'Home Wood North',
      created_at: '2026-05-01T06:00:00.000Z',
    });
  });

  it('refuses another user’s ground as not found, and writes nothing', () => {
    const { events, errors } = groundHistory(create('bob'), move('ann'));
    expect(errors).toEqual([undefined, 'not_found']);
    expect(events).toHaveLength(1);
  });

  it('refuses a ground that is not there as not found', () => {
    expect(groundHistory(move()).errors).toEqual(['not_found']);
  });

  it('refuses an archived ground', () => {
    const archive: GroundCommand = {
      type: 'AmendGround',
      groundId: GROUND,
      changes: { archived: true },
      meta: meta('ann', 2),
    };
    const { events, errors } = groundHistory(create(), archive, move());
    expect(errors).toEqual([undefined, undefined, 'archived']);
    expect(events.map((event) => event.type)).toEqual([T.groundCreated, T.groundArchived]);
  });

  it('refuses a ground already in a team, whoever asks', () => {
    const { errors } = groundHistory(create(), move(), move('ann', '9e9e9e9e-0000-4000-8000-000000000000'));
    expect(errors).toEqual([undefined, undefined, 'in_team']);
  });

  it('refuses a move at a version the caller did not name', () => {
    const { errors } = groundHistory(create(), { ...move(), expectedVersion: 5 } as GroundCommand);
    expect(errors).toEqual([undefined, 'version_conflict']);
  });
});

describe('a team keeping an erased member’s culls', () => {
  const kept: KeptCull = {
    id: 'kept-1',
    ground_id: GROUND,
    date: '2026-11-02',
    time: '07:15',
    location_name: 'Home Wood',
    species: 'Roe',
    sex: 'Female',
    age_estimate: 'Adult',
    condition: 'Good',
    shot_placement: 'Heart/lung',
    antlers_present: false,
    weight: 14,
    carcass_tag: 'T-1',
    recorded_at: '2026-11-02T08:00:00.000Z',
  };
  const teamMeta = () => meta('ann');
  const commands: TeamCommand[] = [
    {
      type: 'CreateTeam',
      teamId: TEAM,
      name: 'Glen',
      kind: 'syndicate',
      memberId: 'm-ann',
      meta: teamMeta(),
    },
    {
      type: 'CreateInvite',
      teamId: TEAM,
      actor: 'm-ann',
      inviteId: 'i-1',
      role: 'stalker',
      expiresAt: '2026-06-01T00:00:00.000Z',
      maxUses: 1,
      permit: null,
      meta: teamMeta(),
    },
    {
      type: 'JoinTeam',
      teamId: TEAM,
      memberId: 'm-cat',
      inviteId: 'i-1',
      permitId: 'p-1',
      meta: meta('cat'),
    },
  ];
  const run = (...more: TeamCommand[]) => {
    const events: TeamEvent[] = [];
    const errors: (string | undefined)[] = [];
    for (const command of [...commands, ...more]) {
      const decision = teamDecider.decide(command, foldStream(teamDecider, events));
      if (decision.ok) events.push(...decision.events);
      errors.push(decision.ok ? undefined : decision.error.code);
    }
    return { events, errors: errors.slice(commands.length) };
  };
  const keep = (culls = [kept]): TeamCommand => ({
    type: 'KeepCulls',
    teamId: TEAM,
    memberId: 'm-cat',
    culls,
    meta: meta('cat'),
  });
  const leave: TeamCommand = {
    type: 'LeaveTeam',
    teamId: TEAM,
    actor: 'm-cat',
    memberId: 'm-cat',
    meta: meta('cat'),
  };

  it('writes the facts as the team’s own event once the member has left', () => {
    const { events, errors } = run(leave, keep());
    expect(errors).toEqual([undefined, undefined]);
    const event = events.at(-1)!;
    expect(TeamEventSchema.parse(event)).toEqual(event);
    expect(event).toMatchObject({
      type: 'team.culls_kept.v1',
      userId: teamOwnerId(TEAM),
      data: { member_id: 'm-cat', culls: [kept] },
    });
    expect(JSON.stringify(event)).not.toContain('"cat"');
  });

  it('refuses to keep the culls of someone still in the team', () => {
    const { events, errors } = run(keep());
    expect(errors).toEqual(['already_member']);
    expect(events.map((event) => event.type)).not.toContain('team.culls_kept.v1');
  });

  it('writes nothing for no culls', () => {
    const { events, errors } = run(leave, keep([]));
    expect(errors).toEqual([undefined, undefined]);
    expect(events.at(-1)!.type).toBe('team.member_left.v1');
  });

  it('changes nothing in the team but its version', () => {
    const before = foldStream(teamDecider, run(leave).events);
    const after = foldStream(teamDecider, run(leave, keep()).events);
    expect(after).toEqual({ ...before, version: before.version + 1 });
  });

  const removeKept = (ids: string[]): TeamCommand => ({
    type: 'RemoveKeptCulls',
    teamId: TEAM,
    ids,
    meta: meta('retention'),
  });

  it('writes the removal of kept culls past retention as the team’s own event, changing nothing else', () => {
    const before = foldStream(teamDecider, run(leave, keep()).events);
    const { events, errors } = run(leave, keep(), removeKept([kept.id]));
    expect(errors).toEqual([undefined, undefined, undefined]);
    const event = events.at(-1)!;
    expect(TeamEventSchema.parse(event)).toEqual(event);
    expect(event).toMatchObject({
      type: 'team.kept_culls_removed.v1',
      userId: teamOwnerId(TEAM),
      data: { ids: [kept.id] },
    });
    expect(foldStream(teamDecider, events)).toEqual({ ...before, version: before.version + 1 });
  });

  it('writes no removal for no ids', () => {
    const { events } = run(leave, keep(), removeKept([]));
    expect(events.at(-1)!.type).toBe('team.culls_kept.v1');
  });
});
