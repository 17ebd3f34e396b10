import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { syncFolder } from '@cull-log/storage-kit';
import { checkedBlobKey, type BlobStore } from './blob-store';

export interface FileBlobStoreOptions {
  /** The folder the blobs live in, e.g. `DATA_DIR/blobs`; made when missing. */
  directory: string;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/**
 * Blobs as files under one folder, a key's segments its sub-folders. A write goes to a hidden temporary file that
 * is flushed and then renamed over the blob, so a reader sees the old bytes or the new ones, never a part.
 */
export function openFileBlobStore({ directory }: FileBlobStoreOptions): BlobStore {
  const root = resolve(directory);
  mkdirSync(root, { recursive: true });
  const pathOf = (key: string) => join(root, ...checkedBlobKey(key).split('/'));

  /** Keeps what `source` yields under the key, a chunk at a time. */
  async function putStream(
    key: string,
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  ): Promise<void> {
    const path = pathOf(key);
    const folder = dirname(path);
    await mkdir(folder, { recursive: true });
    // Keys never start a segment with a dot, so a temporary file can never be taken for a blob.
    const temporary = join(folder, `.${basename(path)}.${randomUUID()}.tmp`);
    try {
      const handle = await open(temporary, 'wx');
      try {
        for await (const chunk of source) await handle.write(chunk);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await syncFolder(folder);
  }

  return {
    putStream,
    async put(key, bytes) {
      await putStream(key, [bytes]);
    },

    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async getStream(key) {
      try {
        // Opened here, so a missing blob answers undefined rather than failing the first read.
        const handle = await open(pathOf(key), 'r');
        return handle.createReadStream() as AsyncIterable<Buffer>;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await syncFolder(dirname(path)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },

    async deleteUnder(prefix) {
      const folder = pathOf(prefix);
      await rm(folder, { recursive: true, force: true });
      await syncFolder(dirname(folder)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },

    async close() {},
  };
}
