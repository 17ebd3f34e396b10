import { EVENT_TYPES, type CullCommand, type CullEvent, type CullStreamEvent } from '@cull-log/contracts';
import { describe, expect, it } from 'vitest';
import { applyChanges, cullDecider, type CullState } from './cull-decider';
import { foldStream } from './decider';
import { commandMeta, redStag, roeDoe } from './testing/fixtures';

// The record's rules under the short names these tests were written with.
const { decide, evolve, initialState } = cullDecider;
const fold = (events: readonly CullStreamEvent[]) => foldStream(cullDecider, events);

const CULL_ID = '0b8f8e8e-5d3a-4a55-9a77-6a1c2f3e4d5b';

/** Decides and applies, failing the test if the command is refused. */
function run(state: CullState, command: CullCommand): { state: CullState; events: CullStreamEvent[] } {
  const decision = decide(command, state);
  if (!decision.ok) throw new Error(`refused: ${decision.error.code}`);
  return { state: decision.events.reduce(evolve, state), events: decision.events };
}

const record = (userId = 'alice', fields = roeDoe, at?: string): CullCommand => ({
  type: 'RecordCull',
  cullId: CULL_ID,
  fields,
  meta: commandMeta(userId, at),
});

const amend = (userId: string, changes: object, expectedVersion?: number, at?: string): CullCommand => ({
  type: 'AmendCull',
  cullId: CULL_ID,
  changes,
  ...(expectedVersion === undefined ? {} : { expectedVersion }),
  meta: commandMeta(userId, at),
});

const remove = (userId: string): CullCommand => ({
  type: 'DeleteCull',
  cullId: CULL_ID,
  meta: commandMeta(userId),
});

const recorded = () => run(initialState, record('alice', roeDoe, '2026-11-03T07:00:00.000Z')).state;

describe('decide: RecordCull', () => {
  it('records a new cull as cull.recorded.v2 at version 1 with the full envelope', () => {
    const command = record('alice');
    const decision = decide(command, initialState);
    expect(decision).toEqual({
      ok: true,
      events: [
        {
          id: command.meta.eventId,
          type: EVENT_TYPES.recorded,
          streamId: CULL_ID,
          version: 1,
          userId: 'alice',
          occurredAt: command.meta.occurredAt,
          meta: { correlationId: command.meta.correlationId },
          data: roeDoe,
        },
      ],
    });
  });

  it('the same create sent again by the same user succeeds without a new event', () => {
    expect(decide(record('alice', { ...roeDoe }), recorded())).toEqual({ ok: true, events: [] });
  });

  it('a create with different fields on a taken id answers already_exists', () => {
    expect(decide(record('alice', { ...roeDoe, weight: 15 }), recorded())).toEqual({
      ok: false,
      error: { code: 'already_exists' },
    });
    const { weight: _weight, ...withoutWeight } = roeDoe;
    expect(decide(record('alice', withoutWeight), recorded())).toMatchObject({
      error: { code: 'already_exists' },
    });
  });

  it("a create on another user's id answers already_exists", () => {
    expect(decide(record('bob'), recorded())).toEqual({ ok: false, error: { code: 'already_exists' } });
  });

  it('a repeated create after the record was amended or deleted answers already_exists', () => {
    const amended = run(recorded(), amend('alice', { notes: 'x' })).state;
    expect(decide(record('alice'), amended)).toMatchObject({ error: { code: 'already_exists' } });
    const deleted = run(recorded(), remove('alice')).state;
    expect(decide(record('alice'), deleted)).toMatchObject({ error: { code: 'already_exists' } });
  });
});

describe('decide: AmendCull', () => {
  it('amends the owner’s record as cull.amended.v2 at the next version', () => {
    const command = amend('alice', { weight: 15.5, notes: null });
    const decision = decide(command, recorded());
    expect(decision).toMatchObject({
      ok: true,
      events: [
        {
          type: EVENT_TYPES.amended,
          version: 2,
          userId: 'alice',
          data: { changes: { weight: 15.5, notes: null } },
        },
      ],
    });
  });

  it('accepts the expected version when it matches', () => {
    expect(decide(amend('alice', { notes: 'x' }, 1), recorded())).toMatchObject({ ok: true });
  });

  it('a stale expected version answers version_conflict with the actual version', () => {
    const atTwo = run(recorded(), amend('alice', { notes: 'x' })).state;
    expect(decide(amend('alice', { notes: 'y' }, 1), atTwo)).toEqual({
      ok: false,
      error: { code: 'version_conflict', actualVersion: 2 },
    });
  });

  it.each([
    ['absent', () => initialState],
    ['deleted', () => run(recorded(), remove('alice')).state],
  ])('amending an %s record answers not_found', (_name, state) => {
    expect(decide(amend('alice', { notes: 'x' }), state())).toEqual({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it("amending another user's record answers not_found, even with the right version", () => {
    expect(decide(amend('bob', { notes: 'x' }, 1), recorded())).toEqual({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});

describe('decide: KeepDeclaredDealer', () => {
  const keep = (userId: string, dealer = 'Vale Game'): CullCommand => ({
    type: 'KeepDeclaredDealer',
    cullId: CULL_ID,
    dealer,
    meta: commandMeta(userId),
  });
  const goneToADealer = (dealer?: string) =>
    run(
      recorded(),
      amend('alice', { carcass_destination: 'Game dealer', ...(dealer && { game_dealer: dealer }) }),
    ).state;

  it('keeps the dealer on a record gone to a game dealer that names none, as an amendment', () => {
    const { state, events } = run(goneToADealer(), keep('alice'));
    expect(events).toMatchObject([
      { type: EVENT_TYPES.amended, version: 3, data: { changes: { game_dealer: 'Vale Game' } } },
    ]);
    expect(state).toMatchObject({ fields: { carcass_destination: 'Game dealer', game_dealer: 'Vale Game' } });
  });

  it('gives a record without a destination the game dealer as its destination', () => {
    const { state } = run(recorded(), keep('alice'));
    expect(state).toMatchObject({ fields: { carcass_destination: 'Game dealer', game_dealer: 'Vale Game' } });
  });

  it('appends nothing where the record names a dealer already, or another destination', () => {
    expect(decide(keep('alice'), goneToADealer('Hill Game Ltd'))).toEqual({ ok: true, events: [] });
    const ownUse = run(recorded(), amend('alice', { carcass_destination: 'Own use' })).state;
    expect(decide(keep('alice'), ownUse)).toEqual({ ok: true, events: [] });
  });

  it("answers not_found for another user's record, and for one deleted", () => {
    expect(decide(keep('bob'), recorded())).toEqual({ ok: false, error: { code: 'not_found' } });
    expect(decide(keep('alice'), run(recorded(), remove('alice')).state)).toEqual({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});

describe('decide: DeleteCull', () => {
  it('deletes the owner’s record as cull.deleted.v1 at the next version', () => {
    expect(decide(remove('alice'), recorded())).toMatchObject({
      ok: true,
      events: [{ type: EVENT_TYPES.deleted, version: 2, userId: 'alice', data: {} }],
    });
  });

  it.each([
    ['absent', () => initialState, 'alice'],
    ['deleted', () => run(recorded(), remove('alice')).state, 'alice'],
    ["another user's", recorded, 'bob'],
  ])('deleting an %s record answers not_found', (_name, state, userId) => {
    expect(decide(remove(userId), state())).toEqual({ ok: false, error: { code: 'not_found' } });
  });
});

describe('evolve and fold', () => {
  it('a recorded event makes an active record owned by its author', () => {
    expect(recorded()).toEqual({
      status: 'active',
      version: 1,
      ownerId: 'alice',
      fields: roeDoe,
      photos: [],
      createdAt: '2026-11-03T07:00:00.000Z',
      updatedAt: '2026-11-03T07:00:00.000Z',
    });
  });

  it('an amendment changes the fields sent, clears nulls, and refreshes updatedAt only', () => {
    const { state } = run(
      recorded(),
      amend('alice', { weight: null, notes: 'gralloched', time: '06:15' }, 1, '2026-11-04T09:00:00.000Z'),
    );
    const { weight: _weight, ...rest } = roeDoe;
    expect(state).toEqual({
      status: 'active',
      version: 2,
      ownerId: 'alice',
      fields: { ...rest, notes: 'gralloched', time: '06:15' },
      photos: [],
      createdAt: '2026-11-03T07:00:00.000Z',
      updatedAt: '2026-11-04T09:00:00.000Z',
    });
  });

  it('clearing antlers drops antler points and condition', () => {
    const stag = run(initialState, record('alice', redStag)).state;
    const { state } = run(stag, amend('alice', { antlers_present: false }));
    expect(state.status === 'active' && state.fields).toEqual({
      ...redStag,
      // Recorded with coordinates alone, so given their reference.
      grid_ref: 'NY 9362 1163',
      antlers_present: false,
      antler_points: undefined,
      antler_condition: undefined,
    });
    expect(state.status === 'active' && Object.keys(state.fields)).not.toContain('antler_points');
  });

  it('antler details sent while antlers are absent are not kept', () => {
    const { state } = run(recorded(), amend('alice', { antler_points: 4, antler_condition: 'Fair' }));
    expect(state.status === 'active' && state.fields).toEqual(roeDoe);
  });

  it('a deletion leaves a tombstone that remembers owner and version', () => {
    expect(run(recorded(), remove('alice')).state).toEqual({
      status: 'deleted',
      version: 2,
      ownerId: 'alice',
    });
  });

  it('an amendment of a stream that is not active changes nothing', () => {
    const deleted = run(recorded(), remove('alice')).state;
    const stray: CullEvent = {
      id: 'stray',
      type: EVENT_TYPES.amended,
      streamId: CULL_ID,
      version: 3,
      userId: 'alice',
      occurredAt: '2026-11-05T00:00:00.000Z',
      meta: { correlationId: 'x' },
      data: { changes: { notes: 'x' } },
    };
    expect(evolve(deleted, stray)).toBe(deleted);
    expect(evolve(initialState, stray)).toBe(initialState);
  });

  it('fold of no events is the initial state; fold of a history equals applying it step by step', () => {
    expect(fold([])).toEqual(initialState);
    const first = run(initialState, record('alice'));
    const second = run(first.state, amend('alice', { weight: 16 }));
    const third = run(second.state, remove('alice'));
    expect(fold([...first.events, ...second.events, ...third.events])).toEqual(third.state);
  });
});

describe('decide and evolve: photos', () => {
  const photo = (n: number) => ({
    id: n.toString(16).padStart(32, '0'),
    content_type: 'image/jpeg' as const,
    size: 1000 + n,
    sha256: n.toString(16).padStart(64, '0'),
    width: 2048,
    height: 1536,
  });
  const add = (userId: string, n: number, at?: string): CullCommand => ({
    type: 'AddCullPhoto',
    cullId: CULL_ID,
    photo: photo(n),
    meta: commandMeta(userId, at),
  });
  const removePhoto = (userId: string, n: number): CullCommand => ({
    type: 'RemoveCullPhoto',
    cullId: CULL_ID,
    photoId: photo(n).id,
    meta: commandMeta(userId),
  });
  const photosOf = (state: CullState) => (state.status === 'active' ? state.photos : undefined);

  it('adds a photo as cull.photo_added.v1 at the next version, refreshing updatedAt only', () => {
    const { state, events } = run(recorded(), add('alice', 1, '2026-11-04T09:00:00.000Z'));
    expect(events).toMatchObject([{ type: EVENT_TYPES.photoAdded, version: 2, data: photo(1) }]);
    expect(state).toMatchObject({ version: 2, fields: roeDoe, photos: [photo(1)] });
    expect(state).toMatchObject({
      createdAt: '2026-11-03T07:00:00.000Z',
      updatedAt: '2026-11-04T09:00:00.000Z',
    });
  });

  it('the same photo added again succeeds without a new event', () => {
    const once = run(recorded(), add('alice', 1)).state;
    expect(decide(add('alice', 1), once)).toEqual({ ok: true, events: [] });
  });

  it('a seventh photo is refused with the limit, and removing one makes room again', () => {
    let state = recorded();
    for (let n = 1; n <= 6; n += 1) state = run(state, add('alice', n)).state;
    expect(decide(add('alice', 7), state)).toEqual({
      ok: false,
      error: { code: 'too_many_photos', limit: 6 },
    });
    state = run(state, removePhoto('alice', 3)).state;
    state = run(state, add('alice', 7)).state;
    expect(photosOf(state)?.map((item) => item.size)).toEqual([1001, 1002, 1004, 1005, 1006, 1007]);
  });

  it("another user's, a deleted or an absent record answers not_found; an unknown photo photo_not_found", () => {
    const gone = run(recorded(), remove('alice')).state;
    for (const [state, userId] of [
      [recorded(), 'bob'],
      [gone, 'alice'],
      [initialState, 'alice'],
    ] as const) {
      expect(decide(add(userId, 1), state)).toEqual({ ok: false, error: { code: 'not_found' } });
      expect(decide(removePhoto(userId, 1), state)).toEqual({ ok: false, error: { code: 'not_found' } });
    }
    expect(decide(removePhoto('alice', 9), recorded())).toEqual({
      ok: false,
      error: { code: 'photo_not_found' },
    });
  });

  it('an amendment keeps the photos, and a fold of the history equals the steps', () => {
    const first = run(initialState, record('alice'));
    const second = run(first.state, add('alice', 1));
    const third = run(second.state, amend('alice', { notes: 'gralloched' }));
    const fourth = run(third.state, add('alice', 2));
    const fifth = run(fourth.state, removePhoto('alice', 1));
    expect(photosOf(third.state)).toEqual([photo(1)]);
    expect(photosOf(fifth.state)).toEqual([photo(2)]);
    const history = [first, second, third, fourth, fifth].flatMap((step) => step.events);
    expect(fold(history)).toEqual(fifth.state);
  });
});

describe('applyChanges', () => {
  it('ignores undefined values and does not touch the input', () => {
    const fields = { ...roeDoe };
    expect(applyChanges(fields, { notes: undefined, sex: 'Male' })).toEqual({ ...roeDoe, sex: 'Male' });
    expect(fields).toEqual(roeDoe);
  });
});

describe('decide: a cull in the future', () => {
  // roeDoe is dated 2026-11-03; these commands are decided earlier that morning or the day before.
  it('refuses a record dated after the day it is recorded, on the date', () => {
    const decision = decide(record('alice', roeDoe, '2026-11-02T12:00:00.000Z'), initialState);
    expect(decision).toEqual({
      ok: false,
      error: { code: 'invalid_field', field: 'date', message: expect.stringContaining('in the future') },
    });
  });

  it('refuses a change of time to later than now, and lets other changes through', () => {
    const state = recorded();
    const later = decide(amend('alice', { time: '23:00' }, undefined, '2026-11-03T09:00:00.000Z'), state);
    expect(later).toMatchObject({ ok: false, error: { code: 'invalid_field', field: 'time' } });
    expect(decide(amend('alice', { notes: 'Clean shot' }), state).ok).toBe(true);
  });
});
