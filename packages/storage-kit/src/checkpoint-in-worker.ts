import { performance } from 'node:perf_hooks';
import { startCheckpointWorker } from './checkpoint-worker';

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
 * Copies the write-ahead log of the SQLite file `file` into the file on a thread of its own (startCheckpointWorker),
 * asked for as often as wanted and run at most once each `minIntervalMs`, so the commits on the event loop mostly find
 * the pages already copied and synced, leaving their own automatic checkpoint (which still bounds the log, and runs
 * when nothing is being written so the log starts again from its beginning) little to do. A checkpoint that fails
 * stops the requests; the automatic checkpoint then does the whole work, as before.
 */
export function checkpointInWorker(
  file: string,
  { minIntervalMs = 100, now = () => performance.now() }: { minIntervalMs?: number; now?: () => number } = {},
): CheckpointInWorker {
  const worker = startCheckpointWorker(file);
  let running = false;
  let requestedAgain = false;
  let stopped = false;
  let startedAt = -Infinity;
  let waiting: NodeJS.Timeout | undefined;
  function start(): void {
    waiting = undefined;
    if (stopped) return;
    running = true;
    startedAt = now();
    worker.checkpoint().then(
      () => {
        running = false;
        if (!requestedAgain) return;
        requestedAgain = false;
        request();
      },
      () => {
        running = false;
        stopped = true;
      },
    );
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
      stopped = true;
      requestedAgain = false;
      clearTimeout(waiting);
      waiting = undefined;
      await worker.close();
    },
  };
}
