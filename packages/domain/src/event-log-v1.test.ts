import { parseCullEvent, type CullEvent } from '@cull-log/contracts';
import { EVENT_LOG_V1, eventLogV1Events } from '@cull-log/contracts/testing';
import { describe, expect, it } from 'vitest';
import { cullDecider } from './cull-decider';
import { foldStream } from './decider';
import { csvRow } from './cull-csv';
import { toCull } from './cull-read-model';
import { computeStats } from './cull-stats';
import { withWarnings } from './field-rules';

const fold = (events: readonly CullEvent[]) => foldStream(cullDecider, events);

/** The first columns are the ones every export has always had; later columns were added after them. */
const FIRST_COLUMNS = 14;

/** The log written by the app before the carcass fields, read back as today's code reads a store: upcast. */
function replay(): Map<string, CullEvent[]> {
  const streams = new Map<string, CullEvent[]>();
  for (const { position: _position, ...stored } of eventLogV1Events()) {
    const event = parseCullEvent(stored);
    streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), event]);
  }
  return streams;
}

describe('replaying a log of v1 events written before the carcass fields', () => {
  it('upcasts every event to a current type', () => {
    for (const events of replay().values()) {
      for (const event of events)
        expect(event.type).toMatch(/^cull\.(recorded|amended)\.v2$|^cull\.deleted\.v1$/);
    }
  });

  it('gives the very records, with their warnings, that the code of the time answered', () => {
    const records = [...replay()].flatMap(([id, events]) => {
      const record = toCull(fold(events), id);
      return record === undefined ? [] : [withWarnings(record)];
    });
    expect(Object.fromEntries(records.map((record) => [record.id, record]))).toEqual(EVENT_LOG_V1.records);
  });

  it('gives the same CSV values in the columns the export had then, and the same figures', () => {
    const records = [...replay()].flatMap(([id, events]) => toCull(fold(events), id) ?? []);
    for (const record of records) {
      expect(csvRow(record).slice(0, FIRST_COLUMNS)).toEqual(EVENT_LOG_V1.csv[record.id]);
    }
    const now = new Date(EVENT_LOG_V1.statsAt);
    for (const [userId, stats] of Object.entries(EVENT_LOG_V1.stats)) {
      expect(
        computeStats(
          records.filter((record) => record.created_by === userId),
          now,
        ),
      ).toEqual(stats);
    }
  });
});
