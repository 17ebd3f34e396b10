import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import type { ProjectionStore } from '../projection-store';

/** A projection whose read model is the list of event ids it was asked to write, in order. */
export interface MarkingProjection {
  store: ProjectionStore;
  /** Event ids written to the read model so far. */
  marks(): Promise<string[]>;
  /** Makes the next read model write throw after it has written, as a failing write would. */
  failNextWrite(): void;
}

/**
 * The version and checkpoint bookkeeping every store helper must keep: run by the SQLite and MongoDB
 * helpers' tests over a read model that only marks what it was given.
 */
export function projectionBookkeepingContract(name: string, open: () => Promise<MarkingProjection>) {
  describe(`${name} projection bookkeeping`, () => {
    let projection: MarkingProjection;
    beforeEach(async () => {
      projection = await open();
      await projection.store.clear();
    });
    afterEach(async () => {
      await projection.store.close();
    });

    const apply = (event: StoredEvent) => projection.store.apply(event);

    it('applies the next version of a stream, writing it to the read model and moving the checkpoint', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      const amended = log.amended('alice', recorded.streamId, { species: 'Fox' });
      expect(await apply(recorded)).toBe('applied');
      expect(await apply(amended)).toBe('applied');
      expect(await projection.marks()).toEqual([recorded.id, amended.id]);
      expect(await projection.store.position()).toBe(2);
    });

    it('a redelivered version is a duplicate and writes nothing', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      await apply(recorded);
      expect(await apply(recorded)).toBe('duplicate');
      expect(await projection.marks()).toEqual([recorded.id]);
    });

    it('a version ahead of its stream is a gap, writes nothing and leaves the checkpoint', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      const amended = log.amended('alice', recorded.streamId, { species: 'Fox' });
      expect(await apply(amended)).toBe('gap');
      expect(await projection.marks()).toEqual([]);
      expect(await projection.store.position()).toBe(0);
      expect(await apply(recorded)).toBe('applied');
      expect(await apply(amended)).toBe('applied');
    });

    it('a failed write leaves neither the version nor the checkpoint behind, so redelivery applies it', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      projection.failNextWrite();
      await expect(apply(recorded)).rejects.toThrow();
      expect(await projection.marks()).toEqual([]);
      expect(await projection.store.position()).toBe(0);
      expect(await apply(recorded)).toBe('applied');
      expect(await projection.marks()).toEqual([recorded.id]);
    });

    it('the checkpoint keeps the highest applied position when streams arrive out of global order', async () => {
      const log = createSampleEventLog();
      const first = log.recorded('alice');
      const second = log.recorded('bob');
      await apply(second);
      await apply(first);
      expect(await projection.store.position()).toBe(second.position);
    });

    it('clear forgets the read model, the versions and the checkpoint', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      await apply(recorded);
      await projection.store.clear();
      expect(await projection.marks()).toEqual([]);
      expect(await projection.store.position()).toBe(0);
      expect(await apply(recorded)).toBe('applied');
    });
  });
}
