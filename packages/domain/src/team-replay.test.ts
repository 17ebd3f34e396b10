import { describe, expect, it } from 'vitest';
import { busSubject, parseLogEvent, TEAM_EVENT_TYPES, type TeamEvent } from '@cull-log/contracts';
import { TEAM_LOG_V1 } from '@cull-log/contracts/testing';
import { foldStream } from './decider';
import { teamDecider } from './team-decider';

describe('a team stream written by the first version of teams', () => {
  const events = TEAM_LOG_V1.events.map((event) => parseLogEvent(event) as TeamEvent);

  it('reads back event for event, each of a team type, on the team’s own subjects', () => {
    expect(events).toEqual(TEAM_LOG_V1.events);
    const teamTypes: string[] = Object.values(TEAM_EVENT_TYPES);
    for (const event of events) {
      expect(teamTypes).toContain(event.type);
      expect(busSubject(event)).toMatch(
        /^culls\.v1\.team-3c1f6f4e-8d1a-4b7e-9f00-5a2b7c9d0e11\.team_[a-z_]+$/,
      );
    }
  });

  it('replays to the same team', () => {
    expect(foldStream(teamDecider, events)).toEqual({
      status: 'active',
      version: 12,
      name: 'Glen Estate',
      kind: 'estate',
      members: { 'mem-bob': 'manager' },
      invites: {
        'inv-stalker': {
          role: 'stalker',
          expiresAt: '2026-11-08T08:00:00.000Z',
          maxUses: 2,
          uses: 1,
          revoked: true,
          permit: null,
        },
        'inv-guest': {
          role: 'guest',
          expiresAt: '2026-11-08T08:00:00.000Z',
          maxUses: 1,
          uses: 1,
          revoked: false,
          permit: {
            groundIds: ['7a6b5c4d-0000-4000-8000-000000000001'],
            startsOn: '2026-11-03',
            endsOn: '2026-11-05',
          },
        },
      },
      permits: {},
      createdAt: '2026-11-01T09:00:00.000Z',
    });
  });

  it('names no person: only member ids, the team’s own owner id', () => {
    const text = JSON.stringify(TEAM_LOG_V1.events);
    for (const person of ['"ann"', '"bob"', '"gus"']) expect(text).not.toContain(person);
  });
});
