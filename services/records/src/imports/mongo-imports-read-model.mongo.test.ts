import { randomUUID } from 'node:crypto';
import { afterAll, describe } from 'vitest';
import { openMongoBlobStore } from '@cull-log/blobstore';
import { connectMongoEventStore } from '@cull-log/eventstore';
import { mongoTestTarget } from '@cull-log/storage-kit/testing';
import { openMongoReadModel } from '../read-model/mongo-cull-read-model';
import { describeImportsReadModel } from '../testing/imports-read-model-suite';

const target = await mongoTestTarget('imports read model on MongoDB');

afterAll(async () => {
  await target?.stop();
});

describe.skipIf(target === undefined)('MongoDB imports read model', () => {
  describeImportsReadModel('MongoDB', async () => {
    const store = await connectMongoEventStore({ url: target!.url, dbName: `records-test-${randomUUID()}` });
    const readModel = await openMongoReadModel({ db: store.db });
    return {
      store,
      readModel,
      blobs: openMongoBlobStore({ db: store.db }),
      async close() {
        await store.db.dropDatabase();
        await store.close();
      },
    };
  });
});
