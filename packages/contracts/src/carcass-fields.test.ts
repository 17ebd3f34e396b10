import { describe, expect, it } from 'vitest';
import {
  ABNORMALITY_CODES,
  AmendCullRequest,
  BULLET_TYPES,
  CALIBRES,
  CARCASS_DESTINATIONS,
  CARCASS_MESSAGES,
  Cull,
  RecordCullRequest,
  fieldMessages,
  listedCalibre,
} from './index';
import { sampleRecordRequest } from './testing';

const base = sampleRecordRequest();

const inspection = {
  examined_by: 'A. Stalker',
  certificate_number: 'DSC1-12345',
  abnormal_behaviour: false,
  abnormalities: [],
  contamination_suspected: false,
};

function recordErrors(body: unknown): Record<string, string> {
  const result = RecordCullRequest.safeParse(body);
  if (result.success) throw new Error(`expected ${JSON.stringify(body)} to be rejected`);
  return fieldMessages(result.error);
}

function amendErrors(body: unknown): Record<string, string> {
  const result = AmendCullRequest.safeParse(body);
  if (result.success) throw new Error(`expected ${JSON.stringify(body)} to be rejected`);
  return fieldMessages(result.error);
}

describe('the carcass fields on a create', () => {
  it('keeps every carcass field that is given, trimming text', () => {
    const parsed = RecordCullRequest.parse({
      ...base,
      calibre: { name: '.243 Win' },
      bullet_weight_gr: 100,
      bullet_type: 'Soft point',
      muzzle_velocity_fps: 2960,
      muzzle_energy_j: 2635,
      shooter: '  Jo Bloggs ',
      carcass_tag: ' T-0042 ',
      carcass_destination: 'Game dealer',
      game_dealer: 'Highland Game Ltd',
      inspection: { ...inspection, abnormalities: ['parasites', 'other'], other_abnormality: 'Ked heavy' },
      weather: { temperature_c: -2.5, wind_speed_mph: 8, wind_direction: 'SW', cloud: 'Overcast' },
    });
    expect(parsed).toMatchObject({
      calibre: { name: '.243 Win' },
      shooter: 'Jo Bloggs',
      carcass_tag: 'T-0042',
      game_dealer: 'Highland Game Ltd',
      inspection: { abnormalities: ['parasites', 'other'], other_abnormality: 'Ked heavy' },
      weather: { temperature_c: -2.5, wind_direction: 'SW' },
    });
  });

  it('leaves out every carcass field sent empty: blank text, null, or an object with nothing in it', () => {
    const parsed = RecordCullRequest.parse({
      ...base,
      calibre: { name: '' },
      bullet_weight_gr: null,
      shooter: '  ',
      carcass_tag: '',
      carcass_destination: null,
      weather: { temperature_c: null, cloud: '' },
    });
    for (const field of [
      'calibre',
      'bullet_weight_gr',
      'shooter',
      'carcass_tag',
      'carcass_destination',
      'weather',
    ]) {
      expect(parsed).not.toHaveProperty(field);
    }
  });

  it('takes a calibre from the list by name, or any other with an optional bore', () => {
    for (const { name } of CALIBRES) {
      expect(RecordCullRequest.parse({ ...base, calibre: { name } }).calibre).toEqual({ name });
    }
    expect(
      RecordCullRequest.parse({ ...base, calibre: { name: '.275 Rigby', bore_in: 0.284 } }).calibre,
    ).toEqual({ name: '.275 Rigby', bore_in: 0.284 });
    expect(RecordCullRequest.parse({ ...base, calibre: { name: '9.3×62' } }).calibre).toEqual({
      name: '9.3×62',
    });
  });

  it('refuses a bore for a listed calibre, a bore out of range, and a calibre without a name', () => {
    expect(recordErrors({ ...base, calibre: { name: '.308 win', bore_in: 0.308 } })).toEqual({
      'calibre.bore_in': CARCASS_MESSAGES.boreOfListed,
    });
    expect(recordErrors({ ...base, calibre: { name: 'Wildcat', bore_in: 2 } })).toEqual({
      'calibre.bore_in': CARCASS_MESSAGES.boreRange,
    });
    expect(recordErrors({ ...base, calibre: { bore_in: 0.3 } })).toEqual({
      'calibre.name': CARCASS_MESSAGES.calibreName,
    });
    expect(recordErrors({ ...base, calibre: '.243 Win' })).toEqual({
      calibre: 'Calibre must be given as a name, with a bore for a calibre not on the list',
    });
    expect(recordErrors({ ...base, calibre: { name: '.243 Win', maker: 'x' } })).toEqual({
      'calibre.maker': 'Unknown field',
    });
  });

  it.each([
    ['bullet_weight_gr', 0, CARCASS_MESSAGES.bulletWeight],
    ['bullet_weight_gr', 1001, CARCASS_MESSAGES.bulletWeight],
    ['bullet_weight_gr', '100', CARCASS_MESSAGES.bulletWeight],
    ['bullet_type', 'Lead round nose', CARCASS_MESSAGES.bulletType],
    ['muzzle_velocity_fps', 499, CARCASS_MESSAGES.muzzleVelocity],
    ['muzzle_velocity_fps', 5001, CARCASS_MESSAGES.muzzleVelocity],
    ['muzzle_energy_j', 0, CARCASS_MESSAGES.muzzleEnergy],
    ['muzzle_energy_j', 20_001, CARCASS_MESSAGES.muzzleEnergy],
    ['carcass_destination', 'Freezer', CARCASS_MESSAGES.destination],
    ['shooter', 'x'.repeat(101), 'Must be at most 100 characters'],
    ['carcass_tag', 'x'.repeat(51), 'Must be at most 50 characters'],
    ['game_dealer', 'x'.repeat(201), 'Must be at most 200 characters'],
  ])('refuses %s = %j with "%s"', (field, value, message) => {
    expect(recordErrors({ ...base, carcass_destination: 'Game dealer', [field]: value })).toEqual({
      [field]: message,
    });
  });

  it('accepts the bounds of each number', () => {
    for (const [field, value] of [
      ['bullet_weight_gr', 1],
      ['bullet_weight_gr', 1000],
      ['muzzle_velocity_fps', 500],
      ['muzzle_velocity_fps', 5000],
      ['muzzle_energy_j', 1],
      ['muzzle_energy_j', 20_000],
    ] as const) {
      expect(RecordCullRequest.parse({ ...base, [field]: value })[field]).toBe(value);
    }
  });

  it('takes each bullet type and each destination of the lists', () => {
    for (const bullet_type of BULLET_TYPES)
      expect(RecordCullRequest.parse({ ...base, bullet_type }).bullet_type).toBe(bullet_type);
    for (const carcass_destination of CARCASS_DESTINATIONS) {
      expect(RecordCullRequest.parse({ ...base, carcass_destination }).carcass_destination).toBe(
        carcass_destination,
      );
    }
  });

  it('keeps a dealer only for a carcass gone to a game dealer', () => {
    expect(
      RecordCullRequest.parse({ ...base, carcass_destination: 'Game dealer', game_dealer: 'Dealer' })
        .game_dealer,
    ).toBe('Dealer');
    expect(
      RecordCullRequest.parse({ ...base, carcass_destination: 'Own use', game_dealer: 'Dealer' }),
    ).not.toHaveProperty('game_dealer');
    expect(RecordCullRequest.parse({ ...base, game_dealer: 'Dealer' })).not.toHaveProperty('game_dealer');
  });
});

describe('the inspection', () => {
  it('needs who examined it and both yes-or-no answers', () => {
    expect(recordErrors({ ...base, inspection: { abnormalities: [] } })).toEqual({
      'inspection.examined_by': CARCASS_MESSAGES.examinedBy,
      'inspection.abnormal_behaviour': CARCASS_MESSAGES.abnormalBehaviour,
      'inspection.contamination_suspected': CARCASS_MESSAGES.contamination,
    });
    expect(recordErrors({ ...base, inspection: { ...inspection, examined_by: '  ' } })).toEqual({
      'inspection.examined_by': CARCASS_MESSAGES.examinedBy,
    });
  });

  it('takes each code of the closed list once, and nothing else', () => {
    const all = RecordCullRequest.parse({
      ...base,
      inspection: { ...inspection, abnormalities: ABNORMALITY_CODES, other_abnormality: 'Odd colour' },
    });
    expect(all.inspection?.abnormalities).toEqual(ABNORMALITY_CODES);
    expect(recordErrors({ ...base, inspection: { ...inspection, abnormalities: ['rabies'] } })).toEqual({
      'inspection.abnormalities.0': CARCASS_MESSAGES.abnormality,
    });
    expect(
      recordErrors({ ...base, inspection: { ...inspection, abnormalities: ['tumours', 'tumours'] } }),
    ).toEqual({
      'inspection.abnormalities': CARCASS_MESSAGES.repeatedAbnormality,
    });
  });

  it('needs the other abnormality described when Other is listed, and only then', () => {
    expect(recordErrors({ ...base, inspection: { ...inspection, abnormalities: ['other'] } })).toEqual({
      'inspection.other_abnormality': CARCASS_MESSAGES.otherAbnormality,
    });
    expect(recordErrors({ ...base, inspection: { ...inspection, other_abnormality: 'Odd' } })).toEqual({
      'inspection.other_abnormality': CARCASS_MESSAGES.otherAbnormalityWithoutOther,
    });
  });

  it('drops an empty certificate number', () => {
    const parsed = RecordCullRequest.parse({
      ...base,
      inspection: { ...inspection, certificate_number: ' ' },
    });
    expect(parsed.inspection).not.toHaveProperty('certificate_number');
  });
});

describe('the weather', () => {
  it.each([
    ['temperature_c', -31, CARCASS_MESSAGES.temperature],
    ['temperature_c', 46, CARCASS_MESSAGES.temperature],
    ['wind_speed_mph', -1, CARCASS_MESSAGES.windSpeed],
    ['wind_speed_mph', 151, CARCASS_MESSAGES.windSpeed],
    ['wind_direction', 'NNE', CARCASS_MESSAGES.windDirection],
    ['cloud', 'Grey', CARCASS_MESSAGES.cloud],
    ['precipitation', 'Frogs', CARCASS_MESSAGES.precipitation],
  ])('refuses %s = %j', (part, value, message) => {
    expect(recordErrors({ ...base, weather: { [part]: value } })).toEqual({ [`weather.${part}`]: message });
  });

  it('accepts the bounds', () => {
    const parsed = RecordCullRequest.parse({ ...base, weather: { temperature_c: -30, wind_speed_mph: 150 } });
    expect(parsed.weather).toEqual({ temperature_c: -30, wind_speed_mph: 150 });
  });
});

describe('the carcass fields in an amendment', () => {
  it('sets, replaces and clears each of them', () => {
    expect(
      AmendCullRequest.parse({
        calibre: { name: '.270 Win' },
        inspection,
        weather: { precipitation: 'Rain' },
      }),
    ).toEqual({ calibre: { name: '.270 Win' }, inspection, weather: { precipitation: 'Rain' } });
    expect(
      AmendCullRequest.parse({
        calibre: null,
        inspection: null,
        weather: {},
        shooter: '',
        bullet_weight_gr: null,
      }),
    ).toEqual({ calibre: null, inspection: null, weather: null, shooter: null, bullet_weight_gr: null });
  });

  it('applies the same rules as a create', () => {
    expect(
      amendErrors({ bullet_type: 'Buckshot', inspection: { ...inspection, abnormalities: ['other'] } }),
    ).toEqual({
      bullet_type: CARCASS_MESSAGES.bulletType,
      'inspection.other_abnormality': CARCASS_MESSAGES.otherAbnormality,
    });
  });
});

describe('the read shape and the calibre list', () => {
  it('a record without any carcass field (every record before them) is still a record', () => {
    const record = {
      ...base,
      id: 'c1',
      created_by: 'u1',
      created_at: '2026-11-03T07:00:00.000Z',
      updated_at: '2026-11-03T07:00:00.000Z',
      version: 1,
    };
    expect(Cull.parse(record)).toEqual(record);
    expect(Cull.parse({ ...record, calibre: { name: '.243 Win' }, inspection })).toMatchObject({
      inspection,
    });
  });

  it('finds a listed calibre whatever its case, spacing or x for ×', () => {
    expect(listedCalibre(' .243 WIN ')?.bore_in).toBe(0.243);
    expect(listedCalibre('6.5x55')?.bore_in).toBe(0.264);
    expect(listedCalibre('.275 Rigby')).toBeUndefined();
  });
});
