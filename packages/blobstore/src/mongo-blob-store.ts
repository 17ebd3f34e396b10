import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, type Db, type ObjectId } from 'mongodb';
import { checkedBlobKey, type BlobStore } from './blob-store';

export interface MongoBlobStoreOptions {
  /** The database the blobs live in; its client belongs to the caller, who closes it. */
  db: Db;
  /** The GridFS bucket: collections `<bucketName>.files` and `<bucketName>.chunks`. */
  bucketName?: string;
}

function isFileNotFound(error: unknown): boolean {
  return error instanceof Error && /FileNotFound|File not found/i.test(error.message);
}

/**
 * Blobs in a GridFS bucket, the key as the file name. GridFS writes a file's document after its last chunk, so a
 * file is never seen half written; a put writes a new file and then removes the older ones of the same name, and a
 * get reads the newest, so a reader sees the old bytes or the new ones.
 */
export function openMongoBlobStore({ db, bucketName = 'blobs' }: MongoBlobStoreOptions): BlobStore {
  const bucket = new GridFSBucket(db, { bucketName });

  async function idsOf(key: string): Promise<ObjectId[]> {
    const files = await bucket.find({ filename: key }, { sort: { uploadDate: -1, _id: -1 } }).toArray();
    return files.map((file) => file._id);
  }

  async function remove(ids: readonly ObjectId[]): Promise<void> {
    for (const id of ids) {
      await bucket.delete(id).catch((error: unknown) => {
        if (!isFileNotFound(error)) throw error;
      });
    }
  }

  /** Keeps what `source` yields under the key, a chunk at a time. */
  async function putStream(
    key: string,
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  ): Promise<void> {
    checkedBlobKey(key);
    const upload = bucket.openUploadStream(key);
    await pipeline(Readable.from(source), upload);
    // Only the files older than this one: a put racing this one keeps whichever of the two is newer.
    const ids = await idsOf(key);
    const own = ids.findIndex((id) => id.equals(upload.id));
    if (own >= 0) await remove(ids.slice(own + 1));
  }

  return {
    putStream,
    async put(key, bytes) {
      await putStream(key, [Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
    },

    async get(key) {
      checkedBlobKey(key);
      const [newest] = await idsOf(key);
      if (newest === undefined) return undefined;
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of bucket.openDownloadStream(newest)) chunks.push(chunk as Buffer);
      } catch (error) {
        // Removed by a put or delete between the lookup and the read.
        if (isFileNotFound(error)) return undefined;
        throw error;
      }
      return Buffer.concat(chunks);
    },

    async getStream(key) {
      checkedBlobKey(key);
      const [newest] = await idsOf(key);
      return newest === undefined ? undefined : (bucket.openDownloadStream(newest) as AsyncIterable<Buffer>);
    },

    async delete(key) {
      checkedBlobKey(key);
      await remove(await idsOf(key));
    },

    async deleteUnder(prefix) {
      checkedBlobKey(prefix);
      // A key's characters include no regular-expression syntax but the dot, escaped here.
      const under = new RegExp(`^${prefix.replace(/\./g, '\\.')}/`);
      const files = await bucket.find({ filename: under }, { projection: { _id: 1 } }).toArray();
      await remove(files.map((file) => file._id));
    },

    async close() {},
  };
}
