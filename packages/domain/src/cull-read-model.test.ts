import { EVENT_TYPES, type CullEvent, type CullStreamEvent } from '@cull-log/contracts';
import { describe, expect, it } from 'vitest';
import { cullDecider } from './cull-decider';
import { foldStream } from './decider';
import { applyEventToCull, fieldsOf, toCull } from './cull-read-model';
import { roeDoe } from './testing/fixtures';

// The record's rules under the short names these tests were written with.
const { initialState } = cullDecider;
const fold = (events: readonly CullStreamEvent[]) => foldStream(cullDecider, events);

const envelope = { streamId: 'cull-1', userId: 'alice', meta: { correlationId: 'r' } };
const recordedEvent: CullEvent = {
  ...envelope,
  id: 'e1',
  type: EVENT_TYPES.recorded,
  version: 1,
  occurredAt: '2026-11-03T07:00:00.000Z',
  data: roeDoe,
};
const amendedEvent: CullEvent = {
  ...envelope,
  id: 'e2',
  type: EVENT_TYPES.amended,
  version: 2,
  occurredAt: '2026-11-04T08:00:00.000Z',
  data: { changes: { weight: null, notes: 'late' } },
};
const deletedEvent: CullEvent = {
  ...envelope,
  id: 'e3',
  type: EVENT_TYPES.deleted,
  version: 3,
  occurredAt: '2026-11-05T08:00:00.000Z',
  data: {},
};

const { weight: _weight, ...roeDoeWithoutWeight } = roeDoe;

describe('toCull', () => {
  it('reads an active state as the API record', () => {
    expect(toCull(fold([recordedEvent, amendedEvent]), 'cull-1')).toEqual({
      ...roeDoeWithoutWeight,
      notes: 'late',
      id: 'cull-1',
      created_by: 'alice',
      created_at: '2026-11-03T07:00:00.000Z',
      updated_at: '2026-11-04T08:00:00.000Z',
      version: 2,
    });
  });

  it('has no record for an absent or deleted stream', () => {
    expect(toCull(initialState, 'cull-1')).toBeUndefined();
    expect(toCull(fold([recordedEvent, deletedEvent]), 'cull-1')).toBeUndefined();
  });
});

describe('applyEventToCull', () => {
  it('builds, amends and removes a record event by event', () => {
    const created = applyEventToCull(undefined, recordedEvent);
    expect(created).toEqual(toCull(fold([recordedEvent]), 'cull-1'));
    const amended = applyEventToCull(created, amendedEvent);
    expect(amended).toEqual(toCull(fold([recordedEvent, amendedEvent]), 'cull-1'));
    expect(applyEventToCull(amended, deletedEvent)).toBeUndefined();
  });

  it('carries the photos event by event as the fold does, and leaves them out of the fields', () => {
    const photo = {
      id: '0'.repeat(31) + '1',
      content_type: 'image/webp' as const,
      size: 2048,
      sha256: '0'.repeat(63) + '1',
      width: 1536,
      height: 2048,
    };
    const added: CullEvent = {
      ...envelope,
      id: 'p1',
      type: EVENT_TYPES.photoAdded,
      version: 2,
      occurredAt: '2026-11-04T08:00:00.000Z',
      data: photo,
    };
    const removed: CullEvent = {
      ...envelope,
      id: 'p2',
      type: EVENT_TYPES.photoRemoved,
      version: 3,
      occurredAt: '2026-11-04T09:00:00.000Z',
      data: { photo_id: photo.id },
    };
    const withPhoto = applyEventToCull(applyEventToCull(undefined, recordedEvent), added);
    expect(withPhoto).toEqual(toCull(fold([recordedEvent, added]), 'cull-1'));
    expect(withPhoto?.photos).toEqual([photo]);
    expect(withPhoto && fieldsOf(withPhoto)).toEqual(roeDoe);
    const without = applyEventToCull(withPhoto, removed);
    expect(without).toEqual(toCull(fold([recordedEvent, added, removed]), 'cull-1'));
    expect(without).not.toHaveProperty('photos');
  });

  it('cannot amend a record it does not have', () => {
    expect(applyEventToCull(undefined, amendedEvent)).toBeUndefined();
  });

  it('fieldsOf strips identity, owner, timestamps and version', () => {
    const record = applyEventToCull(undefined, recordedEvent);
    expect(record && fieldsOf(record)).toEqual(roeDoe);
  });
});
