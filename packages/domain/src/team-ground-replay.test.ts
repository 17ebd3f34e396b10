import { describe, expect, it } from 'vitest';
import {
  busSubject,
  parseLogEvent,
  TEAM_EVENT_TYPES,
  teamOwnerId,
  type GroundEvent,
  type TeamEvent,
} from '@cull-log/contracts';
import { TEAM_GROUND_LOG_V1, TEAM_LOG_V1, TEAM_RETENTION_LOG_V1 } from '@cull-log/contracts/testing';
import { foldStream } from './decider';
import { groundDecider, toGround } from './ground-decider';
import { teamDecider } from './team-decider';

const TEAM = '3c1f6f4e-8d1a-4b7e-9f00-5a2b7c9d0e11';
const GROUND = '7a6b5c4d-0000-4000-8000-000000000002';

describe('a ground moved into a team and a team’s kept culls, as their first version writes them', () => {
  const events = TEAM_GROUND_LOG_V1.events.map((event) => parseLogEvent(event));
  const groundEvents = events.filter((event) => event.streamId === GROUND) as GroundEvent[];
  const teamEvents = TEAM_LOG_V1.events.map((event) => parseLogEvent(event) as TeamEvent);
  const kept = events.filter((event) => event.streamId === TEAM) as TeamEvent[];

  it('reads back event for event; the move and the kept culls on the team’s own subjects', () => {
    expect(events).toEqual(TEAM_GROUND_LOG_V1.events);
    expect(busSubject(groundEvents[2]!)).toBe(`culls.v1.team-${TEAM}.ground_moved`);
    expect(busSubject(kept[0]!)).toBe(`culls.v1.team-${TEAM}.team_culls_kept`);
  });

  const teamGround = {
    id: GROUND,
    name: 'Low Beat East',
    notes: 'Gate code 1234',
    boundary: {
      type: 'Polygon',
      coordinates: [
        [
          [-3.5, 56.5],
          [-3.4, 56.5],
          [-3.4, 56.6],
          [-3.5, 56.6],
          [-3.5, 56.5],
        ],
      ],
    },
    centre: { latitude: 56.55, longitude: -3.45 },
    archived: true,
    version: 4,
    created_at: '2026-10-01T09:00:00.000Z',
    updated_at: '2026-11-02T12:00:00.000Z',
  };

  it('replays to the team’s ground, owned by the team', () => {
    const state = foldStream(groundDecider, groundEvents);
    expect(state).toMatchObject({ status: 'active', ownerId: teamOwnerId(TEAM) });
    expect(toGround(state, GROUND)).toEqual(teamGround);
  });

  it('replays to the same ground once its maker’s events are erased', () => {
    const afterErasure = groundEvents.filter((event) => event.userId !== 'u-1');
    expect(afterErasure).toHaveLength(2);
    expect(toGround(foldStream(groundDecider, afterErasure), GROUND)).toEqual(teamGround);
  });

  it('follows the team’s stream: the kept culls leave its members as they were', () => {
    const before = foldStream(teamDecider, teamEvents);
    const after = foldStream(teamDecider, [...teamEvents, ...kept]);
    expect(kept.map((event) => event.type)).toEqual([TEAM_EVENT_TYPES.cullsKept]);
    expect(after).toEqual({ ...before, version: 13 });
  });

  it('keeps facts that name nobody: no notes, coordinates, shooter or examiner', () => {
    const text = JSON.stringify(kept);
    for (const field of ['notes', 'latitude', 'longitude', 'grid_ref', 'shooter', 'examined_by', 'photos'])
      expect(text).not.toContain(`"${field}"`);
    expect(text).not.toContain('u-1');
  });
});

describe('a team’s kept cull removed past retention, as the first version writes it', () => {
  const kept = TEAM_GROUND_LOG_V1.events
    .map((event) => parseLogEvent(event))
    .filter((event) => event.streamId === TEAM) as TeamEvent[];
  const removed = TEAM_RETENTION_LOG_V1.events.map((event) => parseLogEvent(event) as TeamEvent);
  const teamEvents = TEAM_LOG_V1.events.map((event) => parseLogEvent(event) as TeamEvent);

  it('reads back event for event, on the team’s own subject', () => {
    expect(removed).toEqual(TEAM_RETENTION_LOG_V1.events);
    expect(busSubject(removed[0]!)).toBe(`culls.v1.team-${TEAM}.team_kept_culls_removed`);
  });

  it('names one of the culls the team kept, and changes nothing in the team but its version', () => {
    const keptIds = kept.flatMap((event) =>
      event.type === TEAM_EVENT_TYPES.cullsKept ? event.data.culls : [],
    );
    const [event] = removed;
    expect(event?.type).toBe(TEAM_EVENT_TYPES.keptCullsRemoved);
    if (event?.type !== TEAM_EVENT_TYPES.keptCullsRemoved) return;
    expect(event.data.ids).toEqual([keptIds[0]!.id]);
    const before = foldStream(teamDecider, [...teamEvents, ...kept]);
    expect(foldStream(teamDecider, [...teamEvents, ...kept, ...removed])).toEqual({ ...before, version: 14 });
  });
});
