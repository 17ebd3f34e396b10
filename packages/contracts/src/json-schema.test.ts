import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASYNCAPI_FILE } from '../scripts/asyncapi-document';
import { SCHEMAS_DIR, UNION_FILE, buildJsonSchemas } from '../scripts/generate-json-schema';
import { ALL_EVENT_TYPES, EVENT_TYPES, LEGACY_EVENT_TYPES, USER_ERASED_TYPE } from './index';

const regenerate = 'run `npm run schemas -w packages/contracts` and commit the result';

describe('checked-in JSON Schema', () => {
  const generated = buildJsonSchemas();

  it('has one file per event type plus the union, and nothing else', async () => {
    const expected = [
      ...ALL_EVENT_TYPES.map((type) => `${type}.json`),
      `${USER_ERASED_TYPE}.json`,
      UNION_FILE,
    ].sort();
    expect([...generated.keys()].sort()).toEqual(expected);
    const onDisk = (await readdir(SCHEMAS_DIR)).filter((name) => name.endsWith('.json')).sort();
    expect(onDisk, `schema files differ from the generated set: ${regenerate}`).toEqual(
      [...expected, ASYNCAPI_FILE].sort(),
    );
  });

  it.each([...generated.entries()])('%s matches the zod schemas', async (file, text) => {
    const checkedIn = await readFile(join(SCHEMAS_DIR, file), 'utf8').catch(() => '');
    expect(checkedIn, `schemas/${file} is out of date: ${regenerate}`).toBe(text);
  });

  it('describes each event with its type constant and the field names of a record', () => {
    const recorded = JSON.parse(generated.get(`${EVENT_TYPES.recorded}.json`) ?? '{}');
    expect(recorded.properties.type.const).toBe(EVENT_TYPES.recorded);
    expect(recorded.required).toEqual(
      expect.arrayContaining(['id', 'type', 'streamId', 'version', 'userId', 'occurredAt', 'data', 'meta']),
    );
    expect(recorded.properties.data.required).toEqual(
      expect.arrayContaining([
        'date',
        'time',
        'location_name',
        'species',
        'sex',
        'age_estimate',
        'antlers_present',
      ]),
    );
    expect(recorded.properties.data.properties.weight).toMatchObject({
      type: 'number',
      minimum: 0,
      maximum: 1000,
    });

    const union = JSON.parse(generated.get(UNION_FILE) ?? '{}');
    expect(
      union.oneOf.map((branch: { properties: { type: { const: string } } }) => branch.properties.type.const),
    ).toEqual(ALL_EVENT_TYPES);
  });

  it('describes the carcass fields in the v2 events, closed to anything else', () => {
    const recorded = JSON.parse(generated.get(`${EVENT_TYPES.recorded}.json`) ?? '{}');
    const data = recorded.properties.data;
    for (const field of [
      'calibre',
      'bullet_weight_gr',
      'bullet_type',
      'muzzle_velocity_fps',
      'muzzle_energy_j',
    ]) {
      expect(data.properties).toHaveProperty(field);
    }
    expect(data.properties.inspection.required).toEqual([
      'examined_by',
      'abnormal_behaviour',
      'abnormalities',
      'contamination_suspected',
    ]);
    expect(data.properties.inspection.additionalProperties).toBe(false);
    const amended = JSON.parse(generated.get(`${EVENT_TYPES.amended}.json`) ?? '{}');
    expect(amended.properties.data.properties.changes.properties.weather.anyOf).toContainEqual({
      type: 'null',
    });
  });

  // Published schemas are a contract: a version once released never changes, a new shape is a new version.
  it.each([
    [LEGACY_EVENT_TYPES.recordedV1, 'dc6fda223f5433b5f7fb2ba3d1a2f2b28f9f67e3cd6adc1443a64a8d2dd7a911'],
    [LEGACY_EVENT_TYPES.amendedV1, 'b482d2a25488ddf2c2c6e5d171dda7e63d30624b3e959df75f8e7f7f743b3068'],
    [EVENT_TYPES.deleted, 'b2ca74d31514efd279b48a1af2e126e91d2c8563e22cf030e791c3fe396fa87f'],
    [USER_ERASED_TYPE, '4c27b6f902f1d3bee233d165369330b0c7ef1c02aa2498c8a7bf96adb0e74e15'],
  ])('%s is byte for byte the schema first published', (type, sha256) => {
    const text = generated.get(`${type}.json`) ?? '';
    expect(createHash('sha256').update(text).digest('hex')).toBe(sha256);
  });
});
