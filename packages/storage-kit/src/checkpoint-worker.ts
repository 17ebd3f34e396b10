import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * What the worker runs: a passive checkpoint on a connection of its own each time it is asked, syncing the
 * write-ahead log and then the file as an automatic checkpoint at `synchronous = NORMAL` does.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.file);
database.pragma('synchronous = NORMAL');
parentPort.on('message', (message) => {
  if (message === 'close') {
    database.close();
    parentPort.close();
    return;
  }
  try {
    const [result] = database.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ copied: result.busy === 0 && result.log === result.checkpointed });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

export interface CheckpointWorker {
  /**
   * Copies what the write-ahead log holds into the file, without waiting for readers or writers; answers whether
   * it copied all of it. Rejects when the checkpoint failed or the thread is gone.
   */
  checkpoint(): Promise<boolean>;
  /** Ends the thread once the checkpoint in hand (if any) is done. */
  close(): Promise<void>;
}

/**
 * A thread that checkpoints the SQLite file `file` (in WAL mode) when asked: the copy of the log into the file and
 * its two disk syncs then take another core rather than the event loop, which goes on serving requests meanwhile.
 * The caller turns the automatic checkpoints of its own connection off while it relies on this one.
 */
export function startCheckpointWorker(file: string): CheckpointWorker {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } });
  worker.unref();
  let failure: Error | undefined;
  let gone = false;
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      gone = true;
      resolve();
    }),
  );
  worker.once('error', (error) => (failure = error));
  /** One checkpoint at a time: each waits for the one before. */
  let last: Promise<unknown> = Promise.resolve();

  const askOnce = () =>
    new Promise<boolean>((resolve, reject) => {
      if (gone) return reject(failure ?? new Error('The checkpoint thread has ended'));
      const onExit = () => reject(failure ?? new Error('The checkpoint thread stopped'));
      worker.once('exit', onExit);
      worker.once('message', (answer: { copied: boolean } | { error: string }) => {
        worker.off('exit', onExit);
        if ('error' in answer) reject(new Error(`The checkpoint failed: ${answer.error}`));
        else resolve(answer.copied);
      });
      worker.postMessage('checkpoint');
    });

  return {
    checkpoint() {
      const next = last.then(askOnce, askOnce);
      last = next.catch(() => undefined);
      return next;
    },
    async close() {
      await last;
      // Kept alive until the thread has closed its connection.
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
