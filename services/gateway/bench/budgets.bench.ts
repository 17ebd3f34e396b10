// The cost the shared request budgets add to a request: one count in the gateway's SQLite file (the embedded app's
// store; a deployment's is one MongoDB round trip instead), asked one at a time, then 50 at once as 50 clients'
// requests arriving together ask them (taken in one transaction). `npm run bench -- budgets`
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteBudgetCounter } from '../src/budgets/sqlite-budget-counter';

const COUNTS = 50_000;
const CLIENTS = 500;
const AT_ONCE = 50;

const folder = mkdtempSync(join(tmpdir(), 'cull-log-budgets-bench-'));
const counter = openSqliteBudgetCounter({ file: join(folder, 'budgets.db') });
try {
  for (const atOnce of [1, AT_ONCE]) {
    for (let round = 1; round <= 3; round += 1) {
      const started = performance.now();
      for (let index = 0; index < COUNTS; index += atOnce) {
        await Promise.all(
          Array.from({ length: atOnce }, (_, offset) =>
            counter.take(`reads:user-${(index + offset) % CLIENTS}`, 60_000, Date.now()),
          ),
        );
      }
      const ms = performance.now() - started;
      console.log(
        `${atOnce} at once, round ${round}: ${COUNTS} counts over ${CLIENTS} clients in ${ms.toFixed(0)} ms, ` +
          `${((ms * 1000) / COUNTS).toFixed(1)} µs a count, ${Math.round((COUNTS / ms) * 1000)} a second`,
      );
    }
  }
} finally {
  await counter.close();
  rmSync(folder, { recursive: true, force: true });
}
