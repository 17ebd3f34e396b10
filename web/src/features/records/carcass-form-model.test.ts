import { describe, expect, it } from 'vitest';
import { makeCull } from '../../testing/fake-api';
import { carcassFormFieldFor, emptyCarcassValues, rifleFacts } from './carcass-form-model';
import { valuesFromCull } from './cull-form-model';
import { toAmendRequest, toRecordRequest } from './cull-request-check';

describe('the carcass fields of the form', () => {
  it('a record read into the form and checked again gives back the same carcass fields', () => {
    const carcass = {
      calibre: { name: '.275 Rigby', bore_in: 0.284 },
      bullet_weight_gr: 140,
      bullet_type: 'Bonded' as const,
      muzzle_energy_j: 3000,
      shooter: 'Ann',
      carcass_tag: 'AF-1',
      carcass_destination: 'Game dealer' as const,
      game_dealer: 'Downs',
      inspection: {
        examined_by: 'Sam',
        abnormal_behaviour: true,
        abnormalities: ['tumours' as const],
        contamination_suspected: false,
      },
      weather: { cloud: 'Clear' as const },
    };
    const checked = toRecordRequest(valuesFromCull(makeCull(carcass)));
    expect(checked).toMatchObject({ ok: true, body: carcass });
  });

  it('clears the carcass fields left empty in an amendment', () => {
    const values = valuesFromCull(makeCull({ carcass_tag: 'AF-1' }));
    const checked = toAmendRequest({ ...values, carcass: emptyCarcassValues() }, 1);
    expect(checked).toMatchObject({
      ok: true,
      body: { carcass_tag: null, calibre: null, inspection: null, weather: null, shooter: null },
    });
  });

  it('shows a message about a part of a field at the input that holds it', () => {
    const values = { ...emptyCarcassValues(), calibre: 'Other' };
    expect(carcassFormFieldFor('calibre.name', values)).toBe('calibre_other');
    expect(carcassFormFieldFor('calibre.bore_in', values)).toBe('bore_in');
    expect(carcassFormFieldFor('inspection.examined_by', values)).toBe('examined_by');
    expect(carcassFormFieldFor('inspection.abnormalities.0', values)).toBe('abnormalities');
    expect(carcassFormFieldFor('weather.cloud', values)).toBe('cloud');
    expect(carcassFormFieldFor('carcass_tag', values)).toBe('carcass_tag');
    expect(carcassFormFieldFor('nonsense', values)).toBeUndefined();
  });

  it('gives the calibre rule the energy worked out from the load when none is typed', () => {
    const values = { ...emptyCarcassValues(), bullet_weight_gr: '100', muzzle_velocity_fps: '2960' };
    expect(rifleFacts(values).muzzle_energy_j).toBe(2637);
    expect(rifleFacts({ ...values, muzzle_energy_j: '2000' }).muzzle_energy_j).toBe(2000);
  });
});
