import { describe, expect, it } from 'vitest';
import { counterChanges, countersOf, createCounterSum, seasonCountOf } from './stats-counters';
import type { CullFacts, OutingFacts } from './stats-store';

const fox: CullFacts = {
  userId: 'alice',
  species: 'Fox',
  sex: 'Male',
  date: '2026-03-31',
  weightGrams: 7250,
  ageEstimate: 'Adult',
  destination: null,
  groundId: null,
  outingId: null,
  teamId: null,
  memberId: null,
  warningFacts: { time: '12:00' },
};
const foxClass = { userId: 'alice', month: '2026-03', groundId: '', species: 'Fox', sex: 'Male', young: 0 };

describe('counterChanges', () => {
  it('a new cull adds one to each of its counters and its weight to the totals and its class', () => {
    expect(counterChanges(undefined, fox)).toEqual([
      { counter: 'totals', key: { userId: 'alice' }, by: { total: 1, weighed: 1, weightGrams: 7250 } },
      { counter: 'species', key: { userId: 'alice', species: 'Fox' }, by: { count: 1 } },
      { counter: 'months', key: { userId: 'alice', month: '2026-03' }, by: { count: 1 } },
      { counter: 'classes', key: foxClass, by: { count: 1, weighed: 1, weightGrams: 7250 } },
    ]);
  });

  it('an amendment moves only the counters it changes', () => {
    expect(counterChanges(fox, { ...fox, date: '2026-04-01', weightGrams: null })).toEqual([
      { counter: 'totals', key: { userId: 'alice' }, by: { total: 0, weighed: -1, weightGrams: -7250 } },
      { counter: 'months', key: { userId: 'alice', month: '2026-03' }, by: { count: -1 } },
      { counter: 'classes', key: foxClass, by: { count: -1, weighed: -1, weightGrams: -7250 } },
      { counter: 'months', key: { userId: 'alice', month: '2026-04' }, by: { count: 1 } },
      {
        counter: 'classes',
        key: { ...foxClass, month: '2026-04' },
        by: { count: 1, weighed: 0, weightGrams: 0 },
      },
    ]);
    expect(counterChanges(fox, { ...fox })).toEqual([]);
  });

  it('a placement on a ground, a young age and a destination move the class and destination counters only', () => {
    expect(
      counterChanges(fox, { ...fox, groundId: 'north', ageEstimate: 'Young', destination: 'Own use' }),
    ).toEqual([
      { counter: 'classes', key: foxClass, by: { count: -1, weighed: -1, weightGrams: -7250 } },
      {
        counter: 'classes',
        key: { ...foxClass, groundId: 'north', young: 1 },
        by: { count: 1, weighed: 1, weightGrams: 7250 },
      },
      {
        counter: 'destinations',
        key: { userId: 'alice', month: '2026-03', destination: 'Own use' },
        by: { count: 1 },
      },
    ]);
  });

  it('a deletion takes the whole contribution back', () => {
    expect(
      counterChanges(fox, undefined).every((change) => Object.values(change.by).every((n) => n <= 0)),
    ).toBe(true);
    expect(counterChanges(fox, undefined)).toHaveLength(4);
  });

  it('an outing counts in the month it starts in London, with its hours once ended and its deer', () => {
    const outing: OutingFacts = {
      userId: 'alice',
      startedAt: '2026-07-31T23:30:00.000Z',
      endedAt: null,
      cullCount: 0,
    };
    const sum = createCounterSum();
    sum.moveOuting(undefined, outing);
    sum.moveOuting(outing, { ...outing, endedAt: '2026-08-01T02:00:00.000Z', cullCount: 2 });
    expect(sum.changes()).toEqual([
      {
        counter: 'outings',
        key: { userId: 'alice', month: '2026-08' },
        by: { outings: 1, blank: 0, durationMs: 9_000_000, deer: 2 },
      },
    ]);
  });
});

describe('countersOf', () => {
  it('counts kept culls from nothing, summing those in the same buckets', () => {
    const changes = countersOf([
      fox,
      { ...fox, sex: 'Female', weightGrams: null },
      { ...fox, userId: 'bob', species: 'Muntjac' },
    ]);
    expect(changes.filter((change) => change.key.userId === 'alice')).toEqual([
      { counter: 'totals', key: { userId: 'alice' }, by: { total: 2, weighed: 1, weightGrams: 7250 } },
      { counter: 'species', key: { userId: 'alice', species: 'Fox' }, by: { count: 2 } },
      { counter: 'months', key: { userId: 'alice', month: '2026-03' }, by: { count: 2 } },
      { counter: 'classes', key: foxClass, by: { count: 1, weighed: 1, weightGrams: 7250 } },
      {
        counter: 'classes',
        key: { ...foxClass, sex: 'Female' },
        by: { count: 1, weighed: 0, weightGrams: 0 },
      },
    ]);
    expect(changes).toHaveLength(9);
  });
});

describe('seasonCountOf', () => {
  it("reads a class counter back as a season's count: '' as no ground, 1 as young", () => {
    const amounts = { count: 2, weighed: 1, weightGrams: 7250 };
    expect(seasonCountOf({ ...foxClass, ...amounts })).toEqual({
      month: '2026-03',
      ground_id: null,
      species: 'Fox',
      sex: 'Male',
      young: false,
      ...amounts,
    });
    expect(seasonCountOf({ ...foxClass, groundId: 'g1', young: 1, ...amounts })).toMatchObject({
      ground_id: 'g1',
      young: true,
    });
  });
});
