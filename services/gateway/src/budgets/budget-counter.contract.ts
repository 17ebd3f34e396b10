import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BudgetCounter } from './budget-counter';

export interface BudgetCounterLocation {
  /** Opens a counter on the shared location; called twice, it is two replicas. */
  open: () => Promise<BudgetCounter>;
  dispose: () => Promise<void>;
}

/** What every budget counter does, run against each adapter. */
export function describeBudgetCounterContract(
  name: string,
  newLocation: () => Promise<BudgetCounterLocation>,
): void {
  describe(`BudgetCounter contract: ${name}`, () => {
    let location: BudgetCounterLocation;
    let counters: BudgetCounter[];

    beforeEach(async () => {
      location = await newLocation();
      counters = [await location.open(), await location.open()];
    });

    afterEach(async () => {
      for (const counter of counters) await counter.close();
      await location.dispose();
    });

    it('counts within a window and starts again at one once it has ended', async () => {
      const [counter] = counters;
      expect(await counter!.take('sign-in:203.0.113.7', 60_000, 1_000)).toEqual({ count: 1, endsAt: 61_000 });
      expect(await counter!.take('sign-in:203.0.113.7', 60_000, 30_000)).toEqual({
        count: 2,
        endsAt: 61_000,
      });
      expect(await counter!.take('sign-in:203.0.113.7', 60_000, 61_000)).toEqual({
        count: 1,
        endsAt: 121_000,
      });
    });

    it('keeps each key apart', async () => {
      const [counter] = counters;
      await counter!.take('a', 60_000, 1_000);
      await counter!.take('a', 60_000, 1_000);
      expect((await counter!.take('b', 60_000, 1_000)).count).toBe(1);
    });

    it('is one budget for every replica, never losing a count when they count at once', async () => {
      const [first, second] = counters;
      await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          (index % 2 === 0 ? first! : second!).take('shared', 60_000, 1_000),
        ),
      );
      expect((await second!.take('shared', 60_000, 1_000)).count).toBe(41);
    });

    it('holds at most so many slots at once across replicas, frees one given back or past its time', async () => {
      const [first, second] = counters;
      const taken = await Promise.all(
        ['a', 'b', 'c', 'd'].map((holder, index) =>
          (index % 2 === 0 ? first! : second!).hold('export:u1', holder, 2, 1_000, 600_000),
        ),
      );
      expect(taken.filter(Boolean)).toHaveLength(2);
      expect(await first!.hold('export:u2', 'e', 2, 1_000, 600_000)).toBe(true);
      const holders = ['a', 'b', 'c', 'd'].filter((_, index) => taken[index]);
      await second!.release('export:u1', holders[0]!);
      await second!.release('export:u1', 'never-held');
      expect(await first!.hold('export:u1', 'f', 2, 2_000, 600_000)).toBe(true);
      expect(await first!.hold('export:u1', 'g', 2, 2_000, 600_000)).toBe(false);
      // The replica holding them stopped: at their time the slots are free.
      expect(await second!.hold('export:u1', 'h', 2, 600_000, 1_200_000)).toBe(true);
    });

    it('forgets ended windows', async () => {
      const [counter] = counters;
      await counter!.take('old', 60_000, 1_000);
      await counter!.take('new', 60_000, 50_000);
      expect(await counter!.purgeEnded(70_000)).toBe(1);
      expect((await counter!.take('new', 60_000, 70_000)).count).toBe(2);
    });
  });
}
