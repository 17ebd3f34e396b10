import { EVENT_TYPES, type CullCommand, type CullFields } from '@cull-log/contracts';
import { describe, expect, it } from 'vitest';
import { applyChanges, cullDecider } from './cull-decider';
import { loadChanges, loadFields, muzzleEnergyJoules } from './cull-load';
import { commandMeta, roeDoe } from './testing/fixtures';

// The record's rules under the short names these tests were written with.
const { decide, evolve, initialState } = cullDecider;

const CULL_ID = '7d1f3a52-7c86-4a43-8f55-1b8e2c9d0e11';

describe('muzzleEnergyJoules', () => {
  it('works ½mv² out in whole joules from grains and feet per second', () => {
    // 100 gr at 2,960 fps is the .243 Win factory load: about 1,945 ft-lb, 2,637 J.
    expect(muzzleEnergyJoules(100, 2960)).toBe(2637);
    expect(muzzleEnergyJoules(150, 2820)).toBe(3591);
    expect(muzzleEnergyJoules(55, 3240)).toBe(1738);
  });
});

describe('loadFields', () => {
  it('adds the energy when the weight and velocity are given and the energy is not', () => {
    const fields: CullFields = { ...roeDoe, bullet_weight_gr: 100, muzzle_velocity_fps: 2960 };
    expect(loadFields(fields).muzzle_energy_j).toBe(2637);
  });

  it('keeps an energy the stalker gave, and adds none from half a load', () => {
    expect(
      loadFields({ ...roeDoe, bullet_weight_gr: 100, muzzle_velocity_fps: 2960, muzzle_energy_j: 2500 })
        .muzzle_energy_j,
    ).toBe(2500);
    expect(loadFields({ ...roeDoe, bullet_weight_gr: 100 })).not.toHaveProperty('muzzle_energy_j');
    expect(loadFields({ ...roeDoe, muzzle_velocity_fps: 2960 })).not.toHaveProperty('muzzle_energy_j');
  });
});

describe('loadChanges', () => {
  const loaded: CullFields = {
    ...roeDoe,
    bullet_weight_gr: 100,
    muzzle_velocity_fps: 2960,
    muzzle_energy_j: 2637,
  };

  it('works the energy out again when the weight or the velocity changes', () => {
    expect(loadChanges(loaded, { bullet_weight_gr: 150 }).muzzle_energy_j).toBe(
      muzzleEnergyJoules(150, 2960),
    );
    expect(loadChanges(loaded, { muzzle_velocity_fps: 3100 }).muzzle_energy_j).toBe(
      muzzleEnergyJoules(100, 3100),
    );
  });

  it('keeps an energy sent with the change, and leaves it when the load is half cleared or untouched', () => {
    expect(loadChanges(loaded, { bullet_weight_gr: 150, muzzle_energy_j: 3000 }).muzzle_energy_j).toBe(3000);
    expect(loadChanges(loaded, { bullet_weight_gr: null })).toEqual({ bullet_weight_gr: null });
    expect(loadChanges(loaded, { shooter: 'Jo' })).toEqual({ shooter: 'Jo' });
  });
});

describe('the decider with the carcass fields', () => {
  const record = (fields: CullFields): CullCommand => ({
    type: 'RecordCull',
    cullId: CULL_ID,
    fields,
    meta: commandMeta('alice'),
  });

  it('records the worked-out energy in the event, so every reader sees the same figure', () => {
    const decision = decide(
      record({ ...roeDoe, bullet_weight_gr: 100, muzzle_velocity_fps: 2960 }),
      initialState,
    );
    expect(decision).toMatchObject({
      ok: true,
      events: [{ type: EVENT_TYPES.recorded, data: { muzzle_energy_j: 2637 } }],
    });
  });

  it('takes the same create sent again with an inspection and a calibre as a retry, not a clash', () => {
    const fields: CullFields = {
      ...roeDoe,
      calibre: { name: '.243 Win' },
      inspection: {
        examined_by: 'Jo',
        abnormal_behaviour: false,
        abnormalities: ['parasites'],
        contamination_suspected: false,
      },
    };
    const first = decide(record(fields), initialState);
    if (!first.ok) throw new Error('refused');
    const state = first.events.reduce(evolve, initialState);
    const copy = structuredClone(fields);
    expect(decide(record(copy), state)).toEqual({ ok: true, events: [] });
    expect(decide(record({ ...copy, calibre: { name: '.270 Win' } }), state)).toEqual({
      ok: false,
      error: { code: 'already_exists' },
    });
  });

  it('drops the dealer when the carcass goes anywhere but a game dealer, and clears carcass fields with null', () => {
    const withDealer: CullFields = {
      ...roeDoe,
      carcass_destination: 'Game dealer',
      game_dealer: 'Highland Game',
      carcass_tag: 'T1',
    };
    expect(applyChanges(withDealer, { carcass_destination: 'Own use' })).not.toHaveProperty('game_dealer');
    expect(applyChanges(withDealer, { carcass_destination: null })).not.toHaveProperty('game_dealer');
    expect(applyChanges(withDealer, { carcass_tag: null })).toEqual({
      ...roeDoe,
      carcass_destination: 'Game dealer',
      game_dealer: 'Highland Game',
    });
  });
});
