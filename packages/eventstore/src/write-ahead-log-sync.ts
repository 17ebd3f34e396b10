import { open } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Flushes the file at a path to disk; rejects when the disk did not take it. */
export type SyncFile = (file: string) => Promise<void>;

/**
 * fsync on libuv's thread pool, the file opened afresh each time (SQLite deletes and makes its write-ahead log again
 * when the last connection closes, and a kept descriptor would sync the old one); its folder is synced too whenever
 * the file is a new one, so its name survives a power cut with its content.
 */
export function fsyncOnThreadPool(): SyncFile {
  let syncedInode: number | undefined;
  return async (file) => {
    const inode = await syncPath(file);
    if (inode === syncedInode) return;
    await syncPath(dirname(file));
    syncedInode = inode;
  };
}

async function syncPath(path: string): Promise<number> {
  const handle = await open(path, 'r');
  try {
    const { ino } = await handle.stat();
    await handle.sync();
    return ino;
  } finally {
    await handle.close();
  }
}

/**
 * Syncs one file on request, never two at once: a request made while a sync runs is served by the next one (what was
 * written before the request may have missed the running one), which serves every request made meanwhile. After a
 * failure it refuses every request: once fsync has failed, the kernel may have dropped pages that a later sync would
 * report as written, so nothing written through this file can be acknowledged again until the process starts afresh.
 */
export class WriteAheadLogSync {
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly file: string,
    private readonly syncFile: SyncFile,
  ) {}

  /** Why syncs are refused, once one failed. */
  get failed(): { error: unknown } | undefined {
    return this.failure;
  }

  /** Resolves once everything written to the file before this call is on disk. */
  sync(): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure.error);
    if (this.running === undefined) return this.start();
    this.next ??= this.running.then(
      () => this.startNext(),
      () => this.startNext(),
    );
    return this.next;
  }

  /** Resolves once no sync is running or waiting (failed or not). */
  async idle(): Promise<void> {
    while (this.running !== undefined || this.next !== undefined) {
      await (this.next ?? this.running)?.catch(() => undefined);
    }
  }

  private startNext(): Promise<void> {
    this.next = undefined;
    if (this.failure !== undefined) return Promise.reject(this.failure.error);
    return this.start();
  }

  private start(): Promise<void> {
    const running = this.syncFile(this.file).then(
      () => {
        this.running = undefined;
      },
      (error: unknown) => {
        this.running = undefined;
        this.failure ??= { error };
        throw error;
      },
    );
    this.running = running;
    // Its failure is answered to whoever asked; this copy is only watched by `idle` and the next sync.
    running.catch(() => undefined);
    return running;
  }
}
