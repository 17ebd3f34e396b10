/**
 * Bytes kept under a key, such as a record's photos: the port the records service writes photos through. The
 * embedded deployment keeps them in files under DATA_DIR, the distributed one in MongoDB GridFS.
 */
export interface BlobStore {
  /** Keeps the bytes under the key, replacing any there; once it resolves they survive a crash. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Keeps what `source` yields under the key, a chunk at a time (never whole in memory), as `put` keeps bytes. */
  putStream(key: string, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<void>;
  /** The bytes under the key, or undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
  /** The bytes under the key as a stream of chunks, or undefined when there are none. */
  getStream(key: string): Promise<AsyncIterable<Buffer> | undefined>;
  /** Forgets the key; forgetting one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Forgets every key under `prefix`, whole segments only (`users/u1` takes `users/u1/photos/a`, never
   * `users/u10/…`): what a user erasing their account leaves wherever no record names it.
   */
  deleteUnder(prefix: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Segments of letters, digits, `_`, `-` and `.` separated by `/`, none starting with a dot: never a path out of the
 * store's folder, and never the name of a file the file store writes on the way.
 */
const BLOB_KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}(\/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}){0,7}$/;

export class InvalidBlobKeyError extends Error {
  override readonly name = 'InvalidBlobKeyError';
  constructor(key: string) {
    super(`Not a blob key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

/** The key unchanged, or InvalidBlobKeyError: every adapter checks its keys the same way. */
export function checkedBlobKey(key: string): string {
  if (!BLOB_KEY.test(key)) throw new InvalidBlobKeyError(key);
  return key;
}
