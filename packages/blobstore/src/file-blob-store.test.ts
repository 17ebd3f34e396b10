import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openFileBlobStore } from './file-blob-store';
import { blobStoreContract } from './testing/blob-store-contract';

blobStoreContract('file blob store', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'cull-blobs-'));
  return {
    open: async () => openFileBlobStore({ directory: join(directory, 'blobs') }),
    remove: async () => rmSync(directory, { recursive: true, force: true }),
  };
});

describe('file blob store', () => {
  it('leaves only the blob in its folder: the temporary file it wrote through is gone', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'cull-blobs-'));
    try {
      const store = openFileBlobStore({ directory });
      await store.put('photos/cull-1/a1', Buffer.from('one'));
      await store.put('photos/cull-1/a1', Buffer.from('two'));
      expect(readdirSync(join(directory, 'photos', 'cull-1'))).toEqual(['a1']);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
