import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ErasureJournal } from './erasure-journal';

export interface ErasureJournalLocation {
  /** Opens the journal at the shared location; called again, it is a restarted gateway or another replica. */
  open: () => Promise<ErasureJournal>;
  dispose: () => Promise<void>;
}

const at = (iso: string) => new Date(iso);

/** What every erasure journal does, run against each adapter. */
export function describeErasureJournalContract(
  name: string,
  newLocation: () => Promise<ErasureJournalLocation>,
): void {
  describe(`ErasureJournal contract: ${name}`, () => {
    let location: ErasureJournalLocation;
    let opened: ErasureJournal[];
    const open = async () => {
      const journal = await location.open();
      opened.push(journal);
      return journal;
    };

    beforeEach(async () => {
      location = await newLocation();
      opened = [];
    });

    afterEach(async () => {
      for (const journal of opened) await journal.close();
      await location.dispose();
    });

    it('starts empty', async () => {
      expect(await (await open()).list()).toEqual([]);
    });

    it('keeps each erasure with its time, oldest first, for whoever opens it next', async () => {
      const journal = await open();
      await journal.append({ uid: 'user_b', erasedAt: at('2026-11-02T10:00:00.000Z') });
      await journal.append({ uid: 'user_a', erasedAt: at('2026-11-03T09:30:00.000Z') });
      await journal.append({ uid: 'user_b', erasedAt: at('2026-11-04T08:00:00.000Z') });
      await journal.close();
      opened = [];

      expect(await (await open()).list()).toEqual([
        { uid: 'user_b', erasedAt: at('2026-11-02T10:00:00.000Z') },
        { uid: 'user_a', erasedAt: at('2026-11-03T09:30:00.000Z') },
        { uid: 'user_b', erasedAt: at('2026-11-04T08:00:00.000Z') },
      ]);
    });

    it('keeps what two openers append at once', async () => {
      const [first, second] = [await open(), await open()];
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          (index % 2 === 0 ? first! : second!).append({
            uid: `user_${index}`,
            erasedAt: new Date(Date.UTC(2026, 10, 1, 0, index)),
          }),
        ),
      );
      const uids = (await first!.list()).map((entry) => entry.uid);
      expect(uids.sort()).toEqual(Array.from({ length: 20 }, (_, index) => `user_${index}`).sort());
    });

    it('forgets the entries made before the cutoff and keeps the rest', async () => {
      const journal = await open();
      await journal.append({ uid: 'old', erasedAt: at('2026-10-01T00:00:00.000Z') });
      await journal.append({ uid: 'edge', erasedAt: at('2026-10-20T00:00:00.000Z') });
      await journal.append({ uid: 'new', erasedAt: at('2026-11-20T00:00:00.000Z') });

      expect(await journal.forgetBefore(at('2026-10-20T00:00:00.000Z'))).toBe(1);
      expect(await journal.forgetBefore(at('2026-10-20T00:00:00.000Z'))).toBe(0);
      await journal.append({ uid: 'later', erasedAt: at('2026-11-21T00:00:00.000Z') });

      expect((await (await open()).list()).map((entry) => entry.uid)).toEqual(['edge', 'new', 'later']);
    });
  });
}
