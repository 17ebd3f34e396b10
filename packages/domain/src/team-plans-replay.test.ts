import { describe, expect, it } from 'vitest';
import { busSubject, parseLogEvent } from '@cull-log/contracts';
import { TEAM_PLANS_LOG_V1 } from '@cull-log/contracts/testing';
import { foldStream } from './decider';
import { plansDecider, type PlansEvent } from './settings-plans';

describe('a team’s plans stream written by the first version of team plans', () => {
  const events = TEAM_PLANS_LOG_V1.events.map((event) => parseLogEvent(event) as PlansEvent);

  it('reads back event for event, on the team’s own subjects', () => {
    expect(events).toEqual(TEAM_PLANS_LOG_V1.events);
    expect(events.map((event) => busSubject(event))).toEqual([
      'culls.v1.team-3c1f6f4e-8d1a-4b7e-9f00-5a2b7c9d0e11.plans_set',
      'culls.v1.team-3c1f6f4e-8d1a-4b7e-9f00-5a2b7c9d0e11.plans_allocated',
      'culls.v1.team-3c1f6f4e-8d1a-4b7e-9f00-5a2b7c9d0e11.plans_set',
      'culls.v1.team-3c1f6f4e-8d1a-4b7e-9f00-5a2b7c9d0e11.plans_allocated',
    ]);
  });

  it('replays to the same plans and shares', () => {
    const groundOne = '7a6b5c4d-0000-4000-8000-000000000001';
    const groundTwo = '7a6b5c4d-0000-4000-8000-000000000002';
    expect(foldStream(plansDecider, events)).toEqual({
      version: 4,
      plans: [
        { ground_id: null, targets: [{ species: 'Roe Deer', class: 'Female', target: 12 }] },
        {
          ground_id: groundOne,
          targets: [
            { species: 'Roe Deer', class: 'Female', target: 6 },
            { species: 'Roe Deer', class: 'Male', target: 2 },
          ],
        },
        { ground_id: groundTwo, targets: [{ species: 'Fallow Deer', class: 'Juvenile', target: 4 }] },
      ],
      allocations: [
        { member_id: 'mem-ann', ground_id: groundOne, species: 'Roe Deer', class: 'Female', target: 2 },
        { member_id: 'mem-cat', ground_id: groundOne, species: 'Roe Deer', class: 'Female', target: 4 },
        { member_id: 'mem-gus', ground_id: groundTwo, species: 'Fallow Deer', class: 'Juvenile', target: 1 },
      ],
      updatedAt: '2026-11-04T09:00:00.000Z',
    });
  });

  it('names no person: only member ids, the team’s own owner id', () => {
    const text = JSON.stringify(TEAM_PLANS_LOG_V1.events);
    for (const person of ['"ann"', '"cat"', '"gus"', 'uid']) expect(text).not.toContain(person);
  });
});
