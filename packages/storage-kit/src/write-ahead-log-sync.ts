import { open, stat, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { syncFolder } from './sync-folder';

/** Flushes the file at a path to disk; rejects when the disk did not take it. */
export type SyncFile = (file: string) => Promise<void>;

/** The default SyncFile, with the descriptor it keeps open. */
export interface ThreadPoolSync extends SyncFile {
  /** Closes the descriptor kept open. */
  close(): Promise<void>;
}

/**
 * fdatasync on libuv's thread pool, through a descriptor kept open; the path is looked up beside each sync, and should
 * it name another file (SQLite deletes its write-ahead log and makes it again when the last connection closes), that
 * one is opened and synced too. The folder is synced whenever a file is opened, so its name survives a power cut with
 * its content.
 */
export function fsyncOnThreadPool(): ThreadPoolSync {
  let kept: { handle: FileHandle; inode: number } | undefined;
  const reopen = async (file: string) => {
    await kept?.handle.close();
    kept = undefined;
    const handle = await open(file, 'r');
    try {
      const { ino } = await handle.stat();
      await syncFolder(dirname(file));
      kept = { handle, inode: ino };
      return kept;
    } catch (error) {
      await handle.close();
      throw error;
    }
  };
  const sync = async (file: string): Promise<void> => {
    const current = kept ?? (await reopen(file));
    const [, { ino }] = await Promise.all([current.handle.datasync(), stat(file)]);
    if (ino !== current.inode) await (await reopen(file)).handle.datasync();
  };
  return Object.assign(sync, {
    async close() {
      await kept?.handle.close();
      kept = undefined;
    },
  });
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
