import { describe, expect, it } from 'vitest';
import { counterChanges, countersOf } from './stats-counters';
import type { CullFacts } from './stats-store';

const fox: CullFacts = {
  userId: 'alice',
  species: 'Fox',
  sex: 'Male',
  date: '2026-03-31',
  weightGrams: 7250,
};

describe('counterChanges', () => {
  it('a new cull adds one to each of its counters and its weight to the totals', () => {
    expect(counterChanges(undefined, fox)).toEqual([
      { counter: 'totals', key: { userId: 'alice' }, by: { total: 1, weighed: 1, weightGrams: 7250 } },
      { counter: 'species', key: { userId: 'alice', species: 'Fox' }, by: { count: 1 } },
      { counter: 'months', key: { userId: 'alice', month: '2026-03' }, by: { count: 1 } },
      {
        counter: 'seasons',
        key: { userId: 'alice', season: '2025/26', species: 'Fox', sex: 'Male' },
        by: { count: 1 },
      },
    ]);
  });

  it('an amendment moves only the counters it changes', () => {
    expect(counterChanges(fox, { ...fox, date: '2026-04-01', weightGrams: null })).toEqual([
      { counter: 'totals', key: { userId: 'alice' }, by: { total: 0, weighed: -1, weightGrams: -7250 } },
      { counter: 'months', key: { userId: 'alice', month: '2026-03' }, by: { count: -1 } },
      {
        counter: 'seasons',
        key: { userId: 'alice', season: '2025/26', species: 'Fox', sex: 'Male' },
        by: { count: -1 },
      },
      { counter: 'months', key: { userId: 'alice', month: '2026-04' }, by: { count: 1 } },
      {
        counter: 'seasons',
        key: { userId: 'alice', season: '2026/27', species: 'Fox', sex: 'Male' },
        by: { count: 1 },
      },
    ]);
    expect(counterChanges(fox, { ...fox })).toEqual([]);
  });

  it('a deletion takes the whole contribution back', () => {
    expect(
      counterChanges(fox, undefined).every((change) => Object.values(change.by).every((n) => n <= 0)),
    ).toBe(true);
    expect(counterChanges(fox, undefined)).toHaveLength(4);
  });
});

describe('countersOf', () => {
  it('sums many culls into one change per counter', () => {
    const changes = countersOf([
      fox,
      { ...fox, sex: 'Female', weightGrams: null },
      { ...fox, userId: 'bob' },
    ]);
    expect(changes.filter((change) => change.key.userId === 'alice')).toEqual([
      { counter: 'totals', key: { userId: 'alice' }, by: { total: 2, weighed: 1, weightGrams: 7250 } },
      { counter: 'species', key: { userId: 'alice', species: 'Fox' }, by: { count: 2 } },
      { counter: 'months', key: { userId: 'alice', month: '2026-03' }, by: { count: 2 } },
      {
        counter: 'seasons',
        key: { userId: 'alice', season: '2025/26', species: 'Fox', sex: 'Male' },
        by: { count: 1 },
      },
      {
        counter: 'seasons',
        key: { userId: 'alice', season: '2025/26', species: 'Fox', sex: 'Female' },
        by: { count: 1 },
      },
    ]);
    expect(changes).toHaveLength(9);
  });
});
