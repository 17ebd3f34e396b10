import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredLogEvent } from '@cull-log/contracts';
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

    const apply = (event: StoredLogEvent) => projection.store.apply(event);

    it('applies the next version of a stream, writing it to the read model and moving the checkpoint', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      const amended = log.amended('alice', recorded.streamId, { species: 'Fox' });
      expect(await apply(recorded)).toBe('applied');
      expect(await apply(amended)).toBe('applied');
      expect(await projection.marks()).toEqual([recorded.id, amended.id]);
      expect(await projection.store.position()).toBe(2);
    });

    it("eraseUser deletes the user's rows and nobody else's, again harmlessly; a redelivery of theirs stays out", async () => {
      const log = createSampleEventLog();
      const hers = log.recorded('alice');
      const his = log.recorded('bob');
      const hersAmended = log.amended('alice', hers.streamId, { species: 'Fox' });
      await projection.store.applyBatch([hers, his, hersAmended]);

      await projection.store.eraseUser('alice');
      await projection.store.eraseUser('alice');

      expect(await projection.marks()).toEqual([his.id]);
      expect(await apply(hersAmended)).toBe('duplicate');
      expect(await projection.marks()).toEqual([his.id]);
      expect(await projection.store.position()).toBe(3);
    });

    it('passes over the events it does not follow: their versions and the checkpoint move, nothing is written', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      const ground = log.groundCreated('alice', 'Home Farm');
      const placed = log.placed('alice', recorded.streamId, ground.streamId);
      const outing = log.outingStarted('alice', ground.streamId, '2026-05-14T05:00:00.000Z');
      const settings = log.settingsChanged('alice', '08-01');
      const plans = log.plansSet('alice', '2026-27', [{ ground_id: null, targets: [] }]);
      const amended = log.amended('alice', recorded.streamId, { species: 'Fox' });

      expect(await projection.store.applyBatch([recorded, ground, placed, outing])).toEqual([
        'applied',
        'applied',
        'applied',
        'applied',
      ]);
      expect(await projection.store.applyBatch([settings, plans])).toEqual(['applied', 'applied']);
      expect(await projection.store.position()).toBe(plans.position);
      // The record's stream stands at the placement's version, so its amendment is the next one.
      expect(await apply(amended)).toBe('applied');
      expect(await apply(placed)).toBe('duplicate');
      expect(await projection.marks()).toEqual([recorded.id, amended.id]);
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

    it('a batch applies each next version in order, several of one stream included, and moves the checkpoint to its last', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      const other = log.recorded('bob');
      const amended = log.amended('alice', recorded.streamId, { species: 'Fox' });
      expect(await projection.store.applyBatch([recorded, other, amended])).toEqual([
        'applied',
        'applied',
        'applied',
      ]);
      expect(await projection.marks()).toEqual([recorded.id, other.id, amended.id]);
      expect(await projection.store.position()).toBe(amended.position);
    });

    it('a batch with a redelivered event applies the rest and writes the duplicate nowhere', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      const other = log.recorded('bob');
      await apply(recorded);
      expect(await projection.store.applyBatch([recorded, other, recorded])).toEqual([
        'duplicate',
        'applied',
        'duplicate',
      ]);
      expect(await projection.marks()).toEqual([recorded.id, other.id]);
      expect(await projection.store.position()).toBe(other.position);
    });

    it('a batch stops at a gap: what came before is applied, the gap and what follows are not', async () => {
      const log = createSampleEventLog();
      const first = log.recorded('alice');
      const recorded = log.recorded('bob');
      const amended = log.amended('bob', recorded.streamId, { species: 'Fox' });
      const after = log.recorded('carol');
      expect(await projection.store.applyBatch([first, amended, after])).toEqual(['applied', 'gap']);
      expect(await projection.marks()).toEqual([first.id]);
      expect(await projection.store.position()).toBe(first.position);
      expect(await projection.store.applyBatch([recorded, amended, after])).toEqual([
        'applied',
        'applied',
        'applied',
      ]);
      expect(await projection.store.position()).toBe(after.position);
    });

    it('a batch whose write fails leaves nothing of it behind, so redelivery applies it whole', async () => {
      const log = createSampleEventLog();
      const events = [log.recorded('alice'), log.recorded('bob')];
      projection.failNextWrite();
      await expect(projection.store.applyBatch(events)).rejects.toThrow();
      expect(await projection.marks()).toEqual([]);
      expect(await projection.store.position()).toBe(0);
      expect(await projection.store.applyBatch(events)).toEqual(['applied', 'applied']);
      expect(await projection.marks()).toEqual(events.map((event) => event.id));
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
