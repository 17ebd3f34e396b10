import { describe, expect, it } from 'vitest';
import {
  EVENT_TYPES,
  MANAGEMENT_EVENT_TYPES as T,
  type CommandMeta,
  type CullStreamEvent,
  type GroundEvent,
  type OutingEvent,
} from '@cull-log/contracts';
import { sampleCullFields } from '@cull-log/contracts/testing';
import { cullDecider } from './cull-decider';
import { foldStream, type Decision } from './decider';
import { toCull } from './cull-read-model';
import { boundaryMiddle, groundDecider, groundNameKey, toGround } from './ground-decider';
import { outingDecider, toOuting } from './outing-decider';
import { plansDecider, settingsDecider, type PlansState, type SetPlans } from './settings-plans';
import { seasonOfDateBy, seasonOfKey } from './seasons';

// The streams' rules under the names these tests were written with.
const { decide } = cullDecider;
const fold = (events: readonly CullStreamEvent[]) => foldStream(cullDecider, events);
const { decide: decideGround } = groundDecider;
const foldGround = (events: readonly GroundEvent[]) => foldStream(groundDecider, events);
const { decide: decideOuting } = outingDecider;
const foldOuting = (events: readonly OutingEvent[]) => foldStream(outingDecider, events);
/** The events of a decision that cannot be refused (settings and plans refuse nothing). */
const eventsOf = <E>(decision: Decision<E>): E[] => (decision.ok ? decision.events : []);
const initialSettingsState = settingsDecider.initialState;
const initialPlansState = plansDecider.initialState;
const decidePlans = (command: SetPlans, state: PlansState) => eventsOf(plansDecider.decide(command, state));

const GROUND = '6a0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f60';
const OUTING = '7b0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f61';
const CULL = '8c0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f62';
const meta = (userId = 'alice', n = 1): CommandMeta => ({
  userId,
  eventId: `event-${n}`,
  occurredAt: `2026-05-0${n}T06:00:00.000Z`,
  correlationId: `request-${n}`,
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

function decided<T>(decision: { ok: true; events: T[] } | { ok: false; error: { code: string } }): T[] {
  if (!decision.ok) throw new Error(`refused: ${decision.error.code}`);
  return decision.events;
}

describe('ground decider', () => {
  const created = decided(
    decideGround(
      {
        type: 'CreateGround',
        groundId: GROUND,
        fields: { name: 'Home Farm', boundary: square },
        meta: meta(),
      },
      foldGround([]),
    ),
  );

  it('creates a ground with the middle of its boundary as its centre when none is given', () => {
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      type: T.groundCreated,
      version: 1,
      data: { name: 'Home Farm', boundary: square },
    });
    expect(boundaryMiddle(square)).toEqual({ latitude: 51.05, longitude: -0.95 });
    expect(toGround(foldGround(created), GROUND)).toMatchObject({
      centre: { latitude: 51.05, longitude: -0.95 },
      archived: false,
    });
  });

  it('writes one event per kind of change, each a version on, with its own id, and nothing for no change', () => {
    const events = decided(
      decideGround(
        {
          type: 'AmendGround',
          groundId: GROUND,
          changes: { name: 'Home Farm East', notes: 'Gate code', boundary: null, archived: true },
          meta: meta('alice', 2),
        },
        foldGround(created),
      ),
    );
    expect(events.map((event) => [event.type, event.version])).toEqual([
      [T.groundRenamed, 2],
      [T.groundRedrawn, 3],
      [T.groundNotesChanged, 4],
      [T.groundArchived, 5],
    ]);
    expect(new Set(events.map((event) => event.id)).size).toBe(4);
    const ground = toGround(foldGround([...created, ...events]), GROUND);
    expect(ground).toMatchObject({
      name: 'Home Farm East',
      boundary: null,
      notes: 'Gate code',
      archived: true,
      version: 5,
    });
    const state = foldGround([...created, ...events]);
    const again = {
      type: 'AmendGround' as const,
      groundId: GROUND,
      changes: { name: 'Home Farm East', archived: true },
      meta: meta('alice', 3),
    };
    expect(decided(decideGround(again, state))).toEqual([]);
    const restored = decided(decideGround({ ...again, changes: { archived: false } }, state));
    expect(restored.map((event) => event.type)).toEqual([T.groundRestored]);
  });

  it("answers not found to another user's ground, and already exists to a different create on its id", () => {
    const state = foldGround(created);
    expect(
      decideGround(
        { type: 'AmendGround', groundId: GROUND, changes: { name: 'Mine' }, meta: meta('bob') },
        state,
      ),
    ).toEqual({ ok: false, error: { code: 'not_found' } });
    expect(
      decideGround(
        { type: 'CreateGround', groundId: GROUND, fields: { name: 'Other' }, meta: meta() },
        state,
      ),
    ).toEqual({ ok: false, error: { code: 'already_exists' } });
    expect(
      decideGround(
        {
          type: 'CreateGround',
          groundId: GROUND,
          fields: { name: 'Home Farm', boundary: square },
          meta: meta(),
        },
        state,
      ),
    ).toEqual({ ok: true, events: [] });
  });

  it('compares names trimmed and without regard to case', () => {
    expect(groundNameKey('  Home FARM ')).toBe(groundNameKey('home farm'));
  });
});

describe('outing decider', () => {
  const started = decided(
    decideOuting(
      {
        type: 'StartOuting',
        outingId: OUTING,
        groundId: GROUND,
        startedAt: '2026-05-01T05:00:00.000Z',
        meta: meta(),
      },
      foldOuting([]),
    ),
  );

  it('ends an outing under way with outing.ended, and reopens it with outing.amended', () => {
    const ended = decided(
      decideOuting(
        {
          type: 'AmendOuting',
          outingId: OUTING,
          changes: { ended_at: '2026-05-01T08:00:00.000Z' },
          meta: meta('alice', 2),
        },
        foldOuting(started),
      ),
    );
    expect(ended.map((event) => event.type)).toEqual([T.outingEnded]);
    expect(toOuting(foldOuting([...started, ...ended]), OUTING, 2)).toMatchObject({
      ended_at: '2026-05-01T08:00:00.000Z',
      cull_count: 2,
      version: 2,
    });
    const reopened = decided(
      decideOuting(
        { type: 'AmendOuting', outingId: OUTING, changes: { ended_at: null }, meta: meta('alice', 3) },
        foldOuting([...started, ...ended]),
      ),
    );
    expect(reopened).toMatchObject([{ type: T.outingAmended, data: { changes: { ended_at: null } } }]);
  });

  it('refuses an end before the start, at the start or by an amendment', () => {
    expect(
      decideOuting(
        {
          type: 'StartOuting',
          outingId: OUTING,
          groundId: GROUND,
          startedAt: '2026-05-01T05:00:00.000Z',
          endedAt: '2026-05-01T05:00:00.000Z',
          meta: meta(),
        },
        foldOuting([]),
      ),
    ).toEqual({ ok: false, error: { code: 'ends_before_start' } });
    expect(
      decideOuting(
        {
          type: 'AmendOuting',
          outingId: OUTING,
          changes: { ended_at: '2026-05-01T04:00:00+00:00' },
          meta: meta(),
        },
        foldOuting(started),
      ),
    ).toEqual({ ok: false, error: { code: 'ends_before_start' } });
  });

  it("deletes an outing, then answers not found; another user's is not found", () => {
    expect(
      decideOuting({ type: 'DeleteOuting', outingId: OUTING, meta: meta('bob') }, foldOuting(started)),
    ).toEqual({
      ok: false,
      error: { code: 'not_found' },
    });
    const deleted = decided(
      decideOuting({ type: 'DeleteOuting', outingId: OUTING, meta: meta() }, foldOuting(started)),
    );
    const state = foldOuting([...started, ...deleted]);
    expect(toOuting(state, OUTING, 0)).toBeUndefined();
    expect(decideOuting({ type: 'DeleteOuting', outingId: OUTING, meta: meta() }, state).ok).toBe(false);
  });
});

describe('a record placed in a ground and an outing', () => {
  // Shot at dawn in the outing, recorded once it is over (the commands come at 06:00 UTC on 1 to 3 May).
  const fields = sampleCullFields({ date: '2026-05-01', time: '05:30' });

  it('is recorded and placed in one append, and a retry of the same writes nothing', () => {
    const command = {
      type: 'RecordCull' as const,
      cullId: CULL,
      fields,
      placement: { ground_id: GROUND, outing_id: OUTING },
      meta: meta(),
    };
    const events = decided(decide(command, fold([])));
    expect(events.map((event) => [event.type, event.version])).toEqual([
      [EVENT_TYPES.recorded, 1],
      [T.cullPlaced, 2],
    ]);
    expect(events[0]!.id).not.toBe(events[1]!.id);
    const state = fold(events);
    expect(toCull(state, CULL)).toMatchObject({ ground_id: GROUND, outing_id: OUTING, version: 2 });
    expect(decide(command, state)).toEqual({ ok: true, events: [] });
  });

  it('moves with a placement alone, and an amendment of fields alone keeps its place', () => {
    const recorded = decided(decide({ type: 'RecordCull', cullId: CULL, fields, meta: meta() }, fold([])));
    const moved = decided(
      decide(
        {
          type: 'AmendCull',
          cullId: CULL,
          changes: {},
          placement: { ground_id: GROUND },
          meta: meta('alice', 2),
        },
        fold(recorded),
      ),
    );
    expect(moved).toMatchObject([
      { type: T.cullPlaced, version: 2, data: { ground_id: GROUND, outing_id: null } },
    ]);
    const amended = decided(
      decide(
        { type: 'AmendCull', cullId: CULL, changes: { weight: 12 }, meta: meta('alice', 3) },
        fold([...recorded, ...moved]),
      ),
    );
    expect(amended.map((event) => event.type)).toEqual([EVENT_TYPES.amended]);
    expect(toCull(fold([...recorded, ...moved, ...amended]), CULL)).toMatchObject({
      ground_id: GROUND,
      weight: 12,
    });
    const cleared = decided(
      decide(
        {
          type: 'AmendCull',
          cullId: CULL,
          changes: {},
          placement: { ground_id: null },
          meta: meta('alice', 4),
        },
        fold([...recorded, ...moved, ...amended]),
      ),
    );
    expect(toCull(fold([...recorded, ...moved, ...amended, ...cleared]), CULL)).not.toHaveProperty(
      'ground_id',
    );
  });
});

describe('settings, plans and seasons', () => {
  it('changes the season start only when it changes', () => {
    const command = {
      type: 'ChangeSettings' as const,
      streamId: 's',
      seasonStart: '04-01' as const,
      meta: meta(),
    };
    expect(settingsDecider.decide(command, initialSettingsState)).toEqual({ ok: true, events: [] });
    expect(
      eventsOf(settingsDecider.decide({ ...command, seasonStart: '08-01' }, initialSettingsState)),
    ).toMatchObject([{ type: T.settingsChanged, version: 1, data: { season_start: '08-01' } }]);
  });

  it('sets a season’s plans whole, and the same plans again write nothing', () => {
    const plans = [
      { ground_id: null, targets: [{ species: 'Roe Deer' as const, class: 'Female' as const, target: 3 }] },
    ];
    const command = { type: 'SetPlans' as const, streamId: 'p', season: '2026-27', plans, meta: meta() };
    const [set] = decidePlans(command, initialPlansState);
    expect(set).toMatchObject({ type: T.plansSet, data: { season: '2026-27', plans } });
    const held = { version: 1, plans, allocations: [], updatedAt: set!.occurredAt };
    expect(decidePlans(command, held)).toEqual([]);
    expect(decidePlans({ ...command, plans: [] }, held)).toHaveLength(1);
  });

  it('appends a team’s allocations after its plans, each only when it changed', () => {
    const plans = [
      { ground_id: null, targets: [{ species: 'Roe Deer' as const, class: 'Female' as const, target: 3 }] },
    ];
    const allocations = [
      {
        member_id: 'mem-ann',
        ground_id: '7a6b5c4d-0000-4000-8000-000000000001',
        species: 'Roe Deer' as const,
        class: 'Female' as const,
        target: 2,
      },
    ];
    const command = {
      type: 'SetPlans' as const,
      streamId: 'p',
      season: '2026-27',
      plans,
      allocations,
      meta: meta(),
    };
    const events = decidePlans(command, initialPlansState);
    expect(events).toMatchObject([
      { type: T.plansSet, version: 1, data: { season: '2026-27', plans } },
      { type: 'plans.allocated.v1', version: 2, data: { season: '2026-27', allocations } },
    ]);
    expect(new Set(events.map((event) => event.id)).size).toBe(2);
    const state = events.reduce(plansDecider.evolve, initialPlansState);
    expect(state).toMatchObject({ version: 2, plans, allocations });
    expect(decidePlans(command, state)).toEqual([]);
    expect(decidePlans({ ...command, allocations: [] }, state)).toMatchObject([
      { type: 'plans.allocated.v1', version: 3, data: { allocations: [] } },
    ]);
    expect(decidePlans({ ...command, allocations: undefined, plans: [] }, state)).toMatchObject([
      { type: T.plansSet, version: 3 },
    ]);
  });

  it('dates a season by the user’s start, and finds the season of a date', () => {
    expect(seasonOfKey('2026-27', '04-01')).toEqual({
      key: '2026-27',
      label: '2026/27',
      from: '2026-04-01',
      to: '2027-03-31',
    });
    expect(seasonOfKey('2026-27', '08-01')).toMatchObject({ from: '2026-08-01', to: '2027-07-31' });
    expect(seasonOfKey('2027-28', '04-01').to).toBe('2028-03-31');
    expect(seasonOfDateBy('2026-03-31', '04-01').key).toBe('2025-26');
    expect(seasonOfDateBy('2026-04-01', '04-01').key).toBe('2026-27');
    expect(seasonOfDateBy('2026-07-31', '08-01').key).toBe('2025-26');
    expect(seasonOfDateBy('2099-12-31', '08-01').key).toBe('2099-00');
  });
});
