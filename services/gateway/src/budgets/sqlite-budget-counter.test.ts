import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeBudgetCounterContract } from './budget-counter.contract';
import { openSqliteBudgetCounter } from './sqlite-budget-counter';

describeBudgetCounterContract('SQLite (two connections to one file)', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'cull-log-budgets-'));
  return {
    open: async () => openSqliteBudgetCounter({ file: join(folder, 'budgets.db') }),
    dispose: async () => rmSync(folder, { recursive: true, force: true }),
  };
});

describe('SQLite budget counter: counts asked together', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'cull-log-budgets-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('counts them in the order asked, each seeing those before it, in one go with another replica', async () => {
    const file = join(folder, 'budgets.db');
    const [first, second] = [openSqliteBudgetCounter({ file }), openSqliteBudgetCounter({ file })];
    try {
      const together = await Promise.all(
        Array.from({ length: 10 }, () => first.take('reads:ann', 60_000, 1_000)),
      );
      expect(together.map(({ count }) => count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(await second.take('reads:ann', 60_000, 2_000)).toEqual({ count: 11, endsAt: 61_000 });
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('settles the counts still waiting when it closes', async () => {
    const file = join(folder, 'budgets.db');
    const counter = openSqliteBudgetCounter({ file });
    const waiting = [counter.take('reads:ann', 60_000, 1_000), counter.take('reads:ann', 60_000, 1_000)];
    await counter.close();
    expect((await Promise.all(waiting)).map(({ count }) => count)).toEqual([1, 2]);
    const reopened = openSqliteBudgetCounter({ file });
    expect((await reopened.take('reads:ann', 60_000, 1_000)).count).toBe(3);
    await reopened.close();
  });
});
