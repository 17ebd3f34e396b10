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
