import { describe, expect, it } from 'vitest';
import { parseCullEvent } from './index';
import { EVENT_LOG_V1, eventLogV1Events } from './testing';

describe('the v1 event log fixture', () => {
  it('holds only events the contract reads, recorded, amended and deleted, of two users', () => {
    const events = eventLogV1Events();
    for (const { position: _position, ...event } of events) expect(() => parseCullEvent(event)).not.toThrow();
    expect(new Set(events.map((event) => event.type))).toEqual(
      new Set(['cull.recorded.v1', 'cull.amended.v1', 'cull.deleted.v1']),
    );
    expect(new Set(events.map((event) => event.userId)).size).toBe(2);
    expect(Object.keys(EVENT_LOG_V1.records).length).toBeGreaterThan(0);
  });
});
