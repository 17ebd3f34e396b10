import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll } from 'vitest';
import { connectMongoEventStore, type MongoTx } from './mongo-event-store';
import { mongoTestTarget } from '@cull-log/storage-kit/testing';
import { eventStoreContract } from './testing/event-store-contract';

const target = await mongoTestTarget('MongoDB event store contract suite');
const inspector = target ? new MongoClient(target.url) : undefined;

// Stopping a container can take longer than vitest's default hook timeout.
afterAll(async () => {
  await inspector?.close();
  await target?.stop();
}, 60_000);

eventStoreContract<MongoTx>(
  'MongoDB event store',
  async () => {
    if (!target || !inspector) throw new Error('The MongoDB contract suite runs only with a MongoDB to test');
    const dbName = `cull_log_contract_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    // Made up front, as a read model's collections would be: creating one inside a transaction has limits.
    await inspector.db(dbName).createCollection('markers');
    return {
      open: () => connectMongoEventStore({ url: target.url, dbName }),
      writeMarkers: async ({ db, session }, markers) => {
        await db.collection('markers').insertMany(
          markers.map((marker) => ({ marker })),
          { session },
        );
      },
      readMarkers: async () => {
        const documents = await inspector.db(dbName).collection('markers').find().toArray();
        return documents.map((document) => String(document.marker));
      },
      remove: async () => {
        await inspector.db(dbName).dropDatabase();
      },
    };
  },
  { skip: !target },
);
