import { describe, expect, it } from 'vitest';
import type { Plan } from '@cull-log/contracts';
import { computePlanProgress, memberProgressFromCounts, type PlanRecord } from './plan-progress';
import { seasonOfKey } from './seasons';

const NORTH = '00000000-0000-4000-8000-0000000000a1';
const SOUTH = '00000000-0000-4000-8000-0000000000a2';

const record = (overrides: Partial<PlanRecord>): PlanRecord => ({
  date: '2026-09-01',
  species: 'Roe Deer',
  sex: 'Female',
  age_estimate: 'Adult',
  ground_id: null,
  ...overrides,
});

describe('plan progress', () => {
  const season = seasonOfKey('2026-27', '04-01');

  it('counts culls against the targets with what is left, and says when a target is exceeded', () => {
    const plans: Plan[] = [
      {
        ground_id: null,
        targets: [
          { species: 'Roe Deer', class: 'Female', target: 2 },
          { species: 'Roe Deer', class: 'Male', target: 1 },
          { species: 'Red Deer', class: 'Male', target: 3 },
        ],
      },
    ];
    const rows = computePlanProgress(
      [
        record({}),
        record({ sex: 'Male' }),
        record({ sex: 'Male', date: '2027-03-31' }),
        record({ sex: 'Male', date: '2027-04-01' }),
        record({ species: 'Fox', sex: 'Unknown' }),
      ],
      plans,
      season,
    );
    expect(rows).toEqual([
      {
        ground_id: null,
        species: 'Fox',
        class: 'Unknown',
        target: null,
        actual: 1,
        left: null,
        exceeded: false,
      },
      { ground_id: null, species: 'Red Deer', class: 'Male', target: 3, actual: 0, left: 3, exceeded: false },
      { ground_id: null, species: 'Roe Deer', class: 'Male', target: 1, actual: 2, left: 0, exceeded: true },
      {
        ground_id: null,
        species: 'Roe Deer',
        class: 'Female',
        target: 2,
        actual: 1,
        left: 1,
        exceeded: false,
      },
    ]);
  });

  it('counts young animals as Juvenile only for a species whose plan has a Juvenile target', () => {
    const plans: Plan[] = [
      { ground_id: null, targets: [{ species: 'Roe Deer', class: 'Juvenile', target: 4 }] },
      { ground_id: NORTH, targets: [{ species: 'Roe Deer', class: 'Female', target: 1 }] },
    ];
    const rows = computePlanProgress(
      [
        record({ age_estimate: 'Young', ground_id: NORTH }),
        record({ age_estimate: 'Young', sex: 'Male' }),
        record({ age_estimate: 'Young', species: 'Red Deer' }),
      ],
      plans,
      season,
    );
    expect(
      rows.map(({ ground_id, species, class: rowClass, actual }) => [ground_id, species, rowClass, actual]),
    ).toEqual([
      [null, 'Red Deer', 'Female', 1],
      [null, 'Roe Deer', 'Juvenile', 2],
      [NORTH, 'Roe Deer', 'Female', 1],
    ]);
  });

  it('a ground plan counts only the records placed on that ground', () => {
    const plans: Plan[] = [
      { ground_id: SOUTH, targets: [{ species: 'Roe Deer', class: 'Female', target: 1 }] },
    ];
    const rows = computePlanProgress(
      [record({ ground_id: NORTH }), record({ ground_id: NORTH }), record({ ground_id: SOUTH })],
      plans,
      season,
    );
    expect(rows).toEqual([
      {
        ground_id: null,
        species: 'Roe Deer',
        class: 'Female',
        target: null,
        actual: 3,
        left: null,
        exceeded: false,
      },
      {
        ground_id: SOUTH,
        species: 'Roe Deer',
        class: 'Female',
        target: 1,
        actual: 1,
        left: 0,
        exceeded: false,
      },
    ]);
  });

  it('the season follows the start: a cull of 1 May is in 2026/27 from April and 2025/26 from August', () => {
    const records = [record({ date: '2027-05-01' })];
    expect(computePlanProgress(records, [], seasonOfKey('2026-27', '04-01'))).toEqual([]);
    expect(computePlanProgress(records, [], seasonOfKey('2026-27', '08-01'))).toHaveLength(1);
  });
});

describe('memberProgressFromCounts', () => {
  const north = 'ground-north';
  const names = (memberId: string) =>
    memberId === 'mem-ann' ? { uid: 'ann', name: 'Ann' } : { uid: null, name: 'Former member' };

  it('gives each share its member’s culls on its ground, and each class culled without a share a line of its own', () => {
    const rows = memberProgressFromCounts(
      [
        {
          memberId: 'mem-ann',
          counts: [
            { ground_id: north, species: 'Roe Deer', sex: 'Female', young: false, count: 2 },
            { ground_id: north, species: 'Roe Deer', sex: 'Female', young: true, count: 1 },
            { ground_id: 'ground-south', species: 'Roe Deer', sex: 'Female', young: false, count: 1 },
          ],
        },
        {
          memberId: 'mem-gone',
          counts: [{ ground_id: north, species: 'Fox', sex: 'Male', young: false, count: 0 }],
        },
      ],
      [
        { member_id: 'mem-ann', ground_id: north, species: 'Roe Deer', class: 'Female', target: 3 },
        { member_id: 'mem-ann', ground_id: north, species: 'Roe Deer', class: 'Juvenile', target: 1 },
        { member_id: 'mem-gone', ground_id: north, species: 'Roe Deer', class: 'Male', target: 1 },
      ],
      [],
      names,
    );
    const line = (
      uid: string | null,
      name: string,
      groundId: string,
      rowClass: string,
      target: number | null,
      actual: number,
    ) => ({
      uid,
      name,
      ground_id: groundId,
      species: 'Roe Deer',
      class: rowClass,
      target,
      actual,
    });
    expect(rows).toEqual([
      line('ann', 'Ann', north, 'Female', 3, 2),
      line('ann', 'Ann', north, 'Juvenile', 1, 1),
      line('ann', 'Ann', 'ground-south', 'Female', null, 1),
      line(null, 'Former member', north, 'Male', 1, 0),
    ]);
  });

  it('counts a young animal as Juvenile where the team’s plan has a Juvenile target for its species, else by sex', () => {
    const counts = [{ ground_id: north, species: 'Roe Deer', sex: 'Male', young: true, count: 1 }];
    const juvenilePlan = [
      { ground_id: null, targets: [{ species: 'Roe Deer' as const, class: 'Juvenile' as const, target: 4 }] },
    ];
    const classOf = (plans: typeof juvenilePlan) =>
      memberProgressFromCounts([{ memberId: 'mem-ann', counts }], [], plans, names).map((row) => row.class);
    expect(classOf(juvenilePlan)).toEqual(['Juvenile']);
    expect(classOf([])).toEqual(['Male']);
  });
});
