import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

/**
 * What the worker runs, on a connection of its own to the file: a PASSIVE checkpoint at each request (it neither waits
 * for nor holds back writers and readers; it syncs the log before copying it, and the file after).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.file, { timeout: 0 });
parentPort.on('message', (message) => {
  if (message === 'close') {
    database.close();
    parentPort.close();
    return;
  }
  let done = false;
  try {
    done = database.pragma('wal_checkpoint(PASSIVE)')[0].busy === 0;
  } catch {}
  parentPort.postMessage({ done });
});
`;

export interface CheckpointInWorker {
  /**
   * Copies the write-ahead log into the file soon, on the worker: at once, unless one ran less than `minIntervalMs`
   * ago (then when that has passed) or one is running (then after it). Requests made meanwhile share that one.
   */
  request(): void;
  /** Finishes the checkpoint under way and closes the worker's connection. */
  close(): Promise<void>;
}

/**
 * Copies the write-ahead log of the SQLite file `file` into the file on a thread of its own, so the commits on the
 * event loop mostly find the pages already copied and synced, leaving their own automatic checkpoint (which still
 * bounds the log, and runs when nothing is being written so the log starts again from its beginning) little to do.
 * A worker that fails stops answering requests; the automatic checkpoint then does the whole work, as before.
 */
export function checkpointInWorker(
  file: string,
  { minIntervalMs = 100, now = () => performance.now() }: { minIntervalMs?: number; now?: () => number } = {},
): CheckpointInWorker {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } });
  worker.unref();
  let running = false;
  let requestedAgain = false;
  let stopped = false;
  let startedAt = -Infinity;
  let waiting: NodeJS.Timeout | undefined;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  void exited.then(() => (stopped = true));
  worker.on('error', () => (stopped = true));
  worker.on('message', () => {
    running = false;
    if (requestedAgain) {
      requestedAgain = false;
      request();
    }
  });
  function start(): void {
    waiting = undefined;
    if (stopped) return;
    running = true;
    startedAt = now();
    worker.postMessage('checkpoint');
  }
  function request(): void {
    if (running) requestedAgain = true;
    else if (waiting !== undefined) return;
    else if (now() - startedAt >= minIntervalMs) start();
    else waiting = setTimeout(start, minIntervalMs - (now() - startedAt)).unref();
  }
  return {
    request,
    async close() {
      requestedAgain = false;
      clearTimeout(waiting);
      waiting = undefined;
      // Kept alive until it has closed its connection, or the process could end with the close still awaited.
      worker.ref();
      if (!stopped) worker.postMessage('close');
      await exited;
    },
  };
}
