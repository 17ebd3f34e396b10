import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMAS_DIR, UNION_FILE, buildJsonSchemas } from '../scripts/generate-json-schema';
import { EVENT_TYPES } from './index';

const regenerate = 'run `npm run schemas -w packages/contracts` and commit the result';

describe('checked-in JSON Schema', () => {
  const generated = buildJsonSchemas();

  it('has one file per event type plus the union, and nothing else', async () => {
    const expected = [...Object.values(EVENT_TYPES).map((type) => `${type}.json`), UNION_FILE].sort();
    expect([...generated.keys()].sort()).toEqual(expected);
    const onDisk = (await readdir(SCHEMAS_DIR)).filter((name) => name.endsWith('.json')).sort();
    expect(onDisk, `schema files differ from the generated set: ${regenerate}`).toEqual(expected);
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
    ).toEqual(Object.values(EVENT_TYPES));
  });
});
