import { describe, expect, it } from 'vitest';
import type { StoredLogEvent } from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { checkBatch, type ApplyOutcome } from './projection-store';
import { rebuildProjection } from './rebuild-projection';

/** An event log over a fixed list, recording how it was read. */
function fixedLog(events: readonly StoredLogEvent[]) {
  const reads: { after: number; limit: number }[] = [];
  return {
    reads,
    async readAll(after: number, limit: number) {
      reads.push({ after, limit });
      return events.filter((event) => event.position > after).slice(0, limit);
    },
  };
}

/** A store keeping only versions per stream, so the guard is real. */
function versionStore() {
  const versions = new Map<string, number>();
  const calls: string[] = [];
  return {
    calls,
    async clear() {
      calls.push('clear');
      versions.clear();
    },
    async applyBatch(events: readonly StoredLogEvent[]): Promise<ApplyOutcome[]> {
      calls.push(`apply ${events.map((event) => event.position).join(',')}`);
      const check = checkBatch(events, (streamId) => versions.get(streamId) ?? 0);
      for (const [streamId, version] of check.versions) versions.set(streamId, version);
      return check.outcomes;
    },
  };
}

describe('rebuildProjection', () => {
  it('clears the store first, then applies the whole log in order, a batch per page of the log', async () => {
    const log = createSampleEventLog();
    const recorded = log.recorded('alice');
    log.recorded('bob');
    log.amended('alice', recorded.streamId, { species: 'Fox' });
    log.deleted('alice', recorded.streamId);
    log.recorded('alice');
    const eventLog = fixedLog(log.events);
    const store = versionStore();
    await store.applyBatch([recorded]);
    store.calls.splice(0);

    expect(await rebuildProjection({ store, eventLog, batchSize: 2 })).toEqual({ events: 5, position: 5 });
    expect(store.calls).toEqual(['clear', 'apply 1,2', 'apply 3,4', 'apply 5']);
    expect(eventLog.reads.map((read) => read.after)).toEqual([0, 2, 4, 5]);
  });

  it('an empty log leaves an empty projection at position 0', async () => {
    expect(await rebuildProjection({ store: versionStore(), eventLog: fixedLog([]) })).toEqual({
      events: 0,
      position: 0,
    });
  });

  it('stops with the stream named when the log skips a version', async () => {
    const log = createSampleEventLog();
    const recorded = log.recorded('alice');
    log.amended('alice', recorded.streamId, { species: 'Fox' });
    const amendedAgain = log.amended('alice', recorded.streamId, { sex: 'Female' });
    const skipping = log.events.filter((event) => event.version !== 2);
    await expect(rebuildProjection({ store: versionStore(), eventLog: fixedLog(skipping) })).rejects.toThrow(
      `The event log skips a version of stream ${recorded.streamId} before position ${amendedAgain.position}`,
    );
  });
});
