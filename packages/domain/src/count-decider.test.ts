import { describe, expect, it } from 'vitest';
import {
  COUNT_EVENT_TYPES as T,
  parseLogEvent,
  type CommandMeta,
  type CountEvent,
  type DungCount,
} from '@cull-log/contracts';
import { countDecider, toCount, type CountCommand, type CountFields } from './count-decider';
import { foldStream, type Decision } from './decider';
import { groundDensities } from './deer-management/ground-density';

const COUNT = '9d0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f63';
const GROUND = '6a0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f60';
const meta = (n = 1, userId = 'alice'): CommandMeta => ({
  userId,
  eventId: `event-${n}`,
  occurredAt: `2027-03-2${n}T10:00:00.000Z`,
  correlationId: `request-${n}`,
});
const buck = { species: 'Roe Deer', sex: 'Male', age_class: 'Adult', count: 3 } as const;
const doe = { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 5 } as const;
const fallow = { species: 'Fallow Deer', sex: 'Unknown', age_class: 'Unknown', count: 12 } as const;
const dung: DungCount = {
  plots: 40,
  plot_area_m2: 10,
  pellet_groups: 24,
  days_since_clearance: 60,
  defecation_rate: 20,
  species: 'Fallow Deer',
};
const vantage: CountFields = {
  ground_id: GROUND,
  date: '2027-03-20',
  method: 'vantage_point',
  items: [buck, doe],
};

function decided(decision: Decision<CountEvent, { code: string }>): CountEvent[] {
  if (!decision.ok) throw new Error(`refused: ${decision.error.code}`);
  return decision.events;
}
const fold = (events: readonly CountEvent[]) => foldStream(countDecider, events);
const record = (fields: CountFields, n = 1): CountCommand => ({
  type: 'RecordCount',
  countId: COUNT,
  fields,
  meta: meta(n),
});
const amend = (changes: Extract<CountCommand, { type: 'AmendCount' }>['changes'], n = 2, userId = 'alice') =>
  ({ type: 'AmendCount', countId: COUNT, changes, meta: meta(n, userId) }) as const;

describe('count decider', () => {
  const recorded = decided(countDecider.decide(record({ ...vantage, notes: 'Three observers' }), fold([])));

  it('records a vantage-point count as count.recorded.v1, read back with its lines', () => {
    expect(recorded).toHaveLength(1);
    expect(parseLogEvent(recorded[0])).toEqual(recorded[0]);
    expect(toCount(fold(recorded), COUNT, 2.5)).toEqual({
      id: COUNT,
      ground_id: GROUND,
      date: '2027-03-20',
      method: 'vantage_point',
      items: [buck, doe],
      notes: 'Three observers',
      dung: null,
      version: 1,
      created_at: '2027-03-21T10:00:00.000Z',
      updated_at: '2027-03-21T10:00:00.000Z',
    });
  });

  it('the same count sent again writes nothing; another on its id is refused', () => {
    const state = fold(recorded);
    expect(countDecider.decide(record({ ...vantage, notes: 'Three observers' }), state)).toEqual({
      ok: true,
      events: [],
    });
    expect(countDecider.decide(record(vantage), state)).toEqual({
      ok: false,
      error: { code: 'already_exists' },
    });
  });

  it('amends only what changed, the lines whole, null clearing the notes', () => {
    const events = decided(
      countDecider.decide(
        amend({ items: [buck, doe, fallow], notes: null, date: '2027-03-20' }),
        fold(recorded),
      ),
    );
    expect(events).toMatchObject([
      { type: T.countAmended, version: 2, data: { changes: { items: [buck, doe, fallow], notes: null } } },
    ]);
    expect(toCount(fold([...recorded, ...events]), COUNT, 2.5)).toMatchObject({ notes: null, version: 2 });
    expect(decided(countDecider.decide(amend({ items: [buck, doe] }), fold(recorded)))).toEqual([]);
  });

  it('a count turned into a dung count takes its plots and loses its lines; back again loses the plots', () => {
    const toDung = decided(countDecider.decide(amend({ method: 'dung', dung }), fold(recorded)));
    expect(toDung[0]).toMatchObject({ data: { changes: { method: 'dung', items: [], dung } } });
    const history = [...recorded, ...toDung];
    const back = decided(countDecider.decide(amend({ method: 'drive', items: [fallow] }, 3), fold(history)));
    expect(back[0]).toMatchObject({ data: { changes: { method: 'drive', items: [fallow], dung: null } } });
  });

  it('refuses a dung count without plots, a count by sight without lines, and another user’s count', () => {
    expect(countDecider.decide(record({ ...vantage, method: 'dung', items: [] }), fold([]))).toEqual({
      ok: false,
      error: { code: 'dung_needed' },
    });
    expect(countDecider.decide(record({ ...vantage, items: [] }), fold([]))).toEqual({
      ok: false,
      error: { code: 'items_needed' },
    });
    expect(countDecider.decide(amend({ method: 'dung' }), fold(recorded))).toEqual({
      ok: false,
      error: { code: 'dung_needed' },
    });
    expect(countDecider.decide(amend({ items: [] }), fold(recorded))).toEqual({
      ok: false,
      error: { code: 'items_needed' },
    });
    expect(countDecider.decide(amend({ notes: 'Mine' }, 2, 'bob'), fold(recorded))).toEqual({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(
      countDecider.decide({ type: 'DeleteCount', countId: COUNT, meta: meta(2, 'bob') }, fold(recorded)),
    ).toEqual({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('deletes a count: gone from what is read back, and then not found', () => {
    const deleted = decided(
      countDecider.decide({ type: 'DeleteCount', countId: COUNT, meta: meta(2) }, fold(recorded)),
    );
    expect(deleted).toMatchObject([{ type: T.countDeleted, version: 2, data: {} }]);
    const state = fold([...recorded, ...deleted]);
    expect(toCount(state, COUNT, 2.5)).toBeUndefined();
    expect(countDecider.decide(amend({ notes: 'x' }, 3), state)).toEqual({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('a dung count reads back with its density, formula and working, its deer worked out over the ground', () => {
    // 0.5 deer per ha = 50 per km² (see dung-count.test.ts); on 2.4 km², 50 × 2.4 = 120 fallow.
    const events = decided(
      countDecider.decide(record({ ...vantage, method: 'dung', items: [], dung }), fold([])),
    );
    expect(events[0]!.data).toEqual({
      ground_id: GROUND,
      date: '2027-03-20',
      method: 'dung',
      items: [],
      dung,
    });
    const count = toCount(fold(events), COUNT, 2.4);
    expect(count?.dung).toMatchObject({ ...dung, deer_per_hectare: 0.5, deer_per_km2: 50 });
    expect(count?.dung?.working).toHaveLength(4);
    expect(count?.items).toEqual([
      { species: 'Fallow Deer', sex: 'Unknown', age_class: 'Unknown', count: 120 },
    ]);
    expect(toCount(fold(events), COUNT, undefined)?.items).toEqual([]);
  });
});

describe('densities of a ground from its counts', () => {
  it('each species from its latest count: roe 8 on 2.5 km² = 3.2 per km², fallow by dung 50 per km² = 125 deer', () => {
    const at = (date: string, created = `${date}T10:00:00.000Z`) => ({ date, created_at: created });
    const densities = groundDensities(
      [
        { ...at('2026-03-20'), method: 'vantage_point', items: [{ ...buck, count: 20 }], dung: null },
        {
          ...at('2027-03-20'),
          method: 'vantage_point',
          items: [buck, doe, { ...doe, age_class: 'Young', count: 0 }],
          dung: null,
        },
        {
          ...at('2027-03-21'),
          method: 'dung',
          items: [],
          dung: { species: 'Fallow Deer', deer_per_km2: 50 },
        },
        { ...at('2026-04-01'), method: 'drive', items: [fallow], dung: null },
      ],
      2.5,
    );
    // Roe, 2027-03-20: 3 + 5 + 0 = 8 deer ÷ 2.5 km² = 3.2 per km²; fallow, 2027-03-21 by dung: 50 × 2.5 = 125 deer.
    expect(densities).toEqual([
      { species: 'Fallow Deer', count: 125, density_per_km2: 50, method: 'dung', date: '2027-03-21' },
      { species: 'Roe Deer', count: 8, density_per_km2: 3.2, method: 'vantage_point', date: '2027-03-20' },
    ]);
  });
});
