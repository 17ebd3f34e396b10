import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDENTITY_ID_SWEEP_MARGIN_SECONDS, type IdentityIds } from './identity-ids';

export interface IdentityIdsLocation {
  /** Opens the ids on the shared location; called twice, it is two replicas. */
  open: () => Promise<IdentityIds>;
  /** How many ids the location holds, read past the adapter. */
  held: () => Promise<number>;
  dispose: () => Promise<void>;
}

/** What every shared memory of identity header ids does, run against each adapter. */
export function describeIdentityIdsContract(
  name: string,
  newLocation: () => Promise<IdentityIdsLocation>,
): void {
  describe(`IdentityIds contract: ${name}`, () => {
    let location: IdentityIdsLocation;
    let replicas: IdentityIds[];

    beforeEach(async () => {
      location = await newLocation();
      replicas = [await location.open(), await location.open()];
    });

    afterEach(async () => {
      for (const replica of replicas) await replica.close();
      await location.dispose();
    });

    it('takes an id once: a second take is a replay, on the same replica and on another', async () => {
      const [first, second] = replicas as [IdentityIds, IdentityIds];
      expect(await first.take('header-1', 1_030, 1_000)).toBe('taken');
      expect(await first.take('header-1', 1_030, 1_001)).toBe('replayed');
      expect(await second.take('header-1', 1_030, 1_002)).toBe('replayed');
      expect(await second.take('header-2', 1_031, 1_002)).toBe('taken');
      expect(await first.take('header-2', 1_031, 1_003)).toBe('replayed');
    });

    it('sweeps the ids expired over the margin ago, and keeps the others', async () => {
      const [first, second] = replicas as [IdentityIds, IdentityIds];
      await first.take('old', 1_030, 1_000);
      await second.take('recent', 1_100, 1_070);
      expect(await location.held()).toBe(2);
      // 'old' expired at 1,030: kept through the margin (a replica's clock may run behind), swept after it.
      expect(await first.sweep(1_030 + IDENTITY_ID_SWEEP_MARGIN_SECONDS - 1)).toBe(0);
      expect(await second.sweep(1_030 + IDENTITY_ID_SWEEP_MARGIN_SECONDS)).toBe(1);
      expect(await location.held()).toBe(1);
      expect(await first.take('recent', 1_100, 1_095)).toBe('replayed');
      expect(await first.sweep(1_030 + IDENTITY_ID_SWEEP_MARGIN_SECONDS)).toBe(0);
    });
  });
}
