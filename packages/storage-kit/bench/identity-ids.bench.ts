// The cost the shared memory of identity header ids adds to every request a service takes: one insert in the
// service's own SQLite file (a deployment's is one MongoDB insert instead), and now and then a sweep of the expired.
// `npm run bench -- identity-ids`
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteIdentityIds } from '../src/identity-ids';

const TAKES = 50_000;
/** Requests a second the clock is moved by: a minute of them is held before the first sweep. */
const PER_SECOND = 1_000;

const folder = mkdtempSync(join(tmpdir(), 'cull-log-identity-ids-bench-'));
const ids = openSqliteIdentityIds({ file: join(folder, 'records-identity-ids.db') });
try {
  let nowSeconds = 1_800_000_000;
  for (let round = 1; round <= 3; round += 1) {
    const started = performance.now();
    for (let index = 0; index < TAKES; index += 1) {
      if (index % PER_SECOND === 0) nowSeconds += 1;
      await ids.take(randomUUID(), nowSeconds + 30, nowSeconds);
    }
    const ms = performance.now() - started;
    console.log(
      `round ${round}: ${TAKES} takes in ${ms.toFixed(0)} ms, ` +
        `${((ms * 1000) / TAKES).toFixed(1)} µs a take (sweeps included), ${Math.round((TAKES / ms) * 1000)} a second`,
    );
  }
} finally {
  await ids.close();
  rmSync(folder, { recursive: true, force: true });
}
