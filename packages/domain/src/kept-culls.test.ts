import { describe, expect, it } from 'vitest';
import { KeptCull, type Cull } from '@cull-log/contracts';
import { sampleCullFields } from '@cull-log/contracts/testing';
import { FORMER_MEMBER, keptCullOf, keptRecordOf } from './kept-culls';

const GROUND = '6a0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f60';
const record: Cull = {
  ...sampleCullFields({
    notes: 'Saw Ann’s dog by the gate',
    condition_notes: 'Thin',
    latitude: 56.51234,
    longitude: -3.41234,
    grid_ref: 'NO 12345 67890',
    location_name: 'Cat’s high seat',
    shot_distance: '120 yards',
    weight: 14.5,
    shooter: 'Cat Lane',
    carcass_tag: 'GL-7',
    carcass_destination: 'Game dealer',
    game_dealer: 'Highland Game',
    inspection: {
      examined_by: 'Cat Lane',
      certificate_number: 'TH-1',
      abnormal_behaviour: false,
      abnormalities: ['other'],
      other_abnormality: 'Old wound',
      contamination_suspected: false,
    },
  }),
  id: 'c-1',
  created_by: 'user-cat',
  created_at: '2026-11-03T08:00:00.000Z',
  updated_at: '2026-11-03T09:00:00.000Z',
  version: 3,
  photos: [
    { id: 'p-1', content_type: 'image/jpeg', size: 10, sha256: 'a'.repeat(64), width: 10, height: 10 },
  ],
  ground_id: GROUND,
  ground_name: 'Low Beat',
};

describe('the facts a team keeps of an erased member’s cull', () => {
  it('keep what was culled, where on the ground and the carcass, and nothing that names the person', () => {
    const kept = keptCullOf(record, 'k-1', 'Low Beat')!;
    expect(KeptCull.parse(kept)).toEqual(kept);
    expect(kept).toEqual({
      id: 'k-1',
      ground_id: GROUND,
      date: '2026-11-03',
      time: '06:00',
      location_name: 'Low Beat',
      species: 'Roe Deer',
      sex: 'Female',
      age_estimate: 'Adult',
      condition: 'Good',
      shot_placement: 'Heart/Lung',
      antlers_present: false,
      weight: 14.5,
      carcass_tag: 'GL-7',
      carcass_destination: 'Game dealer',
      game_dealer: 'Highland Game',
      inspection: {
        abnormal_behaviour: false,
        abnormalities: ['other'],
        other_abnormality: 'Old wound',
        contamination_suspected: false,
      },
      recorded_at: '2026-11-03T08:00:00.000Z',
    });
    const text = JSON.stringify(kept);
    for (const trace of ['user-cat', 'Cat', 'dog', 'Thin', '56.5', 'NO 12345', 'TH-1', 'p-1', '120'])
      expect(text).not.toContain(trace);
  });

  it('keeps nothing of a record on no ground', () => {
    const { ground_id: _ground, ground_name: _name, ...unplaced } = record;
    expect(keptCullOf(unplaced, 'k-1', 'Low Beat')).toBeUndefined();
  });

  it('reads back as a record of the team’s, examined by the former member’s place', () => {
    const kept = keptCullOf(record, 'k-1', 'Low Beat')!;
    expect(keptRecordOf(kept, 'team-t1', '2026-12-01T00:00:00.000Z')).toEqual({
      ...sampleCullFields(),
      location_name: 'Low Beat',
      id: 'k-1',
      created_by: 'team-t1',
      created_at: '2026-11-03T08:00:00.000Z',
      updated_at: '2026-12-01T00:00:00.000Z',
      version: 1,
      ground_id: GROUND,
      weight: 14.5,
      carcass_tag: 'GL-7',
      carcass_destination: 'Game dealer',
      game_dealer: 'Highland Game',
      inspection: {
        examined_by: FORMER_MEMBER,
        abnormal_behaviour: false,
        abnormalities: ['other'],
        other_abnormality: 'Old wound',
        contamination_suspected: false,
      },
    });
  });
});
