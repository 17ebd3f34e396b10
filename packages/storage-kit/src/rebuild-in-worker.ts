import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * What the worker runs, on a connection of its own to the file: the rebuild (waiting as long as it must for another
 * connection's write), then a few tries at emptying the write-ahead log, as `rebuildAfterErasure` does on the caller's.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
let truncated = false;
const database = new Database(workerData.file, { timeout: workerData.busyTimeoutMs });
try {
  database.pragma('secure_delete = ON');
  database.exec('VACUUM');
  database.pragma('busy_timeout = 0');
  for (let tries = 0; tries < workerData.truncateTries && !truncated; tries += 1) {
    if (tries > 0) pause(workerData.truncatePauseMs);
    try {
      truncated = database.pragma('wal_checkpoint(TRUNCATE)')[0].busy === 0;
    } catch {}
  }
} finally {
  database.close();
}
parentPort.postMessage({ truncated });
`;

export interface RebuildInWorkerOptions {
  /** How long the rebuild waits for another connection's write. Default 60 s. */
  busyTimeoutMs?: number;
  /** Tries at emptying the write-ahead log (a reader on another connection holds it back). Default 20. */
  truncateTries?: number;
  /** Pause between two tries. Default 50 ms. */
  truncatePauseMs?: number;
}

/**
 * After an erasure: rebuilds the SQLite file `file` (VACUUM) and empties its write-ahead log on a thread of its own,
 * so the event loop serves other requests meanwhile (readers on other connections read on; a writer would wait for
 * the rebuild, so the caller holds its writes until this settles). Answers whether the log was emptied too; when it
 * was not, the caller's `truncateWriteAheadLog` finishes it. Rejects when the rebuild failed.
 */
export function rebuildInWorker(
  file: string,
  { busyTimeoutMs = 60_000, truncateTries = 20, truncatePauseMs = 50 }: RebuildInWorkerOptions = {},
): Promise<{ truncated: boolean }> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, driver, busyTimeoutMs, truncateTries, truncatePauseMs },
    });
    let answer: { truncated: boolean } | undefined;
    worker.once('message', (message: { truncated: boolean }) => (answer = message));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (answer !== undefined) resolve(answer);
      else reject(new Error(`The rebuild after an erasure stopped (exit code ${code})`));
    });
  });
}
