import { describe, expect, it } from 'vitest';
import { buildJsonSchemas } from '../scripts/generate-json-schema';
import { EVENT_TYPES, MANAGEMENT_EVENT_TYPES, parseCullEvent, parseLogEvent } from './index';
import { eventLogV1Events } from './testing';

const source = { import_id: '6f1c3a52-4d0e-4b8e-9a57-0c2d8e1f4a10', row: 12 };

/** A recorded event as the records service writes it now, with or without where it came from. */
function recordedEvent(meta: Record<string, unknown>) {
  return {
    id: 'ab0f8f5e-77f4-4d8f-9a2b-b1d40c0f2c11',
    type: EVENT_TYPES.recorded,
    streamId: 'c2a9d7a4-5b1e-4a3f-8c9d-2e7f1b6a0d33',
    version: 1,
    userId: 'user-alice',
    occurredAt: '2026-11-05T09:00:00.000Z',
    data: {
      date: '2025-02-14',
      time: '06:30',
      location_name: 'Ashdown Forest',
      species: 'Roe Deer',
      sex: 'Female',
      age_estimate: 'Adult',
      condition: 'Good',
      shot_placement: 'Heart/Lung',
      antlers_present: false,
    },
    meta,
  };
}

describe("an event's meta: where an imported record came from", () => {
  it('every event of the frozen v1 log, written before imports, still parses, with no source', () => {
    for (const { position: _position, ...stored } of eventLogV1Events()) {
      const event = parseCullEvent(stored);
      expect(event.meta).toEqual(stored.meta);
      expect('source' in event.meta).toBe(false);
    }
  });

  it("an imported record's event keeps its import and row through parsing", () => {
    const event = parseLogEvent(recordedEvent({ correlationId: 'request-1', source }));
    expect(event.meta).toEqual({ correlationId: 'request-1', source });
  });

  it('a source without its import, or with a row before the first, is not an event', () => {
    expect(() => parseLogEvent(recordedEvent({ correlationId: 'r', source: { row: 3 } }))).toThrow();
    expect(() =>
      parseLogEvent(recordedEvent({ correlationId: 'r', source: { ...source, row: 0 } })),
    ).toThrow();
  });

  it.each([EVENT_TYPES.recorded, MANAGEMENT_EVENT_TYPES.cullPlaced])(
    'the published schema of %s allows the source, optionally, and nothing else in meta',
    (type) => {
      const schema = JSON.parse(buildJsonSchemas().get(`${type}.json`) ?? '{}');
      const meta = schema.properties.meta;
      expect(meta.required).toEqual(['correlationId']);
      expect(meta.additionalProperties).toBe(false);
      expect(meta.properties.source.required).toEqual(['import_id', 'row']);
    },
  );

  it('no other event carries it: a deleted event read back has only its correlation', () => {
    const deleted = parseLogEvent({
      ...recordedEvent({ correlationId: 'r', source }),
      type: EVENT_TYPES.deleted,
      version: 2,
      data: {},
    });
    expect(deleted.meta).toEqual({ correlationId: 'r' });
  });
});
