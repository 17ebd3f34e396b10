import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll } from 'vitest';
import { mongoTestTarget } from '@cull-log/storage-kit/testing';
import { openMongoBlobStore } from './mongo-blob-store';
import { blobStoreContract } from './testing/blob-store-contract';

const target = await mongoTestTarget('MongoDB GridFS blob store contract suite');
const client = target ? new MongoClient(target.url) : undefined;

// Stopping a container can take longer than vitest's default hook timeout.
afterAll(async () => {
  await client?.close();
  await target?.stop();
}, 60_000);

blobStoreContract(
  'MongoDB GridFS blob store',
  async () => {
    if (!client) throw new Error('The MongoDB blob store suite runs only with a MongoDB to test');
    const db = client.db(`cull_log_blobs_${randomUUID().replaceAll('-', '').slice(0, 12)}`);
    return {
      open: async () => openMongoBlobStore({ db }),
      remove: async () => {
        await db.dropDatabase();
      },
    };
  },
  { skip: !target },
);
