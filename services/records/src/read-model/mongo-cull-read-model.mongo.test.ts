import { openMongoBlobStore } from '@cull-log/blobstore';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Document } from 'mongodb';
import { connectMongoEventStore } from '@cull-log/eventstore';
import { MIGRATIONS_TABLE } from '@cull-log/storage-kit';
import { mongoTestTarget } from '@cull-log/storage-kit/testing';
import { describeReadModel } from '../testing/read-model-suite';
import type { Ground, ListCullsResponse } from '@cull-log/contracts';
import { ALICE, BOB, createHarness, cullBody } from '../testing/records-harness';
import {
  CULLS_COLLECTION,
  LOCATED_INDEX,
  SEARCH_INDEX,
  type CullDocument,
} from '../culls/read-model/mongo/documents';
import { listQuery, locatedQuery } from '../culls/read-model/mongo/queries';
import { MIGRATIONS_COLLECTION } from '../culls/read-model/mongo/schema';
import { trigramsOf } from '../culls/read-model/search-trigrams';
import { openMongoReadModel } from './mongo-cull-read-model';
import { READ_MODEL_STORES } from './store-names';
import { GROUNDS_COLLECTION } from '../grounds/mongo-grounds-read-model';

const target = await mongoTestTarget('records read model on MongoDB');

afterAll(async () => {
  await target?.stop();
});

/** Every stage of a plan, depth first, so a test can look for one wherever the planner put it. */
function stagesOf(plan: Document): Document[] {
  const children = [plan.inputStage, ...(plan.inputStages ?? [])].filter(Boolean) as Document[];
  return [plan, ...children.flatMap(stagesOf)];
}

describe.skipIf(target === undefined)('MongoDB culls read model', () => {
  describeReadModel('MongoDB', async () => {
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

  it("a search reads the caller's slice of the trigram index, and old records get their trigrams on open", async () => {
    const store = await connectMongoEventStore({ url: target!.url, dbName: `records-test-${randomUUID()}` });
    try {
      const readModel = await openMongoReadModel({ db: store.db });
      const harness = createHarness({
        backend: {
          store,
          readModel,
          blobs: openMongoBlobStore({ db: store.db }),
          close: async () => undefined,
        },
      });
      for (const location of ['Home Wood 42', 'Lower Meadow', 'Home Wood 7']) {
        await harness.call(ALICE, 'POST', '/culls', cullBody({ location_name: location }));
      }
      await harness.call(BOB, 'POST', '/culls', cullBody({ location_name: 'Home Wood 42' }));
      await harness.app.close();
      const culls = store.db.collection<CullDocument>(CULLS_COLLECTION);

      const { filter, options } = listQuery(ALICE.uid, 'wood 42');
      const explained = await culls.find(filter, options).explain();
      const scan = stagesOf(explained.queryPlanner.winningPlan as Document).find(
        (stage) => stage.stage === 'IXSCAN',
      );
      expect(scan).toMatchObject({ indexName: SEARCH_INDEX });
      expect(scan!.indexBounds.user_id).toEqual([`["${ALICE.uid}", "${ALICE.uid}"]`]);

      await culls.updateMany({}, { $unset: { search_trigrams: '' } });
      await store.db.collection(MIGRATIONS_COLLECTION).deleteMany({});
      // Nor any schema version: numbering came later.
      await store.db.collection(MIGRATIONS_TABLE).deleteMany({});
      const reopened = await openMongoReadModel({ db: store.db });
      const query = { q: 'WOOD 42', page: 1, page_size: 10, sort: 'created_at', order: 'desc' } as const;
      const found = await reopened.list(ALICE.uid, query);
      expect(found.items.map((item) => item.location_name)).toEqual(['Home Wood 42']);
      expect(found.total).toBe(1);
    } finally {
      await store.db.dropDatabase();
      await store.close();
    }
  });

  it("the map walks the caller's slice of the located-only index in order and fetches only its fields", async () => {
    const store = await connectMongoEventStore({ url: target!.url, dbName: `records-test-${randomUUID()}` });
    const readModel = await openMongoReadModel({ db: store.db });
    const harness = createHarness({
      backend: {
        store,
        readModel,
        blobs: openMongoBlobStore({ db: store.db }),
        close: async () => undefined,
      },
    });
    try {
      for (let index = 0; index < 6; index += 1) {
        const body = index % 2 === 0 ? cullBody() : cullBody({ latitude: undefined });
        await harness.call(index === 5 ? BOB : ALICE, 'POST', '/culls', body);
        harness.clock.advance(1000);
      }

      const { filter, options } = locatedQuery(ALICE.uid);
      const explained = await store.db
        .collection<CullDocument>(CULLS_COLLECTION)
        .find(filter, options)
        .explain();
      const stages = stagesOf(explained.queryPlanner.winningPlan as Document);
      const scan = stages.find((stage) => stage.stage === 'IXSCAN');
      expect(scan).toMatchObject({ indexName: LOCATED_INDEX });
      expect(stages.map((stage) => stage.stage)).not.toContain('SORT');

      const items = await readModel.listLocated(ALICE.uid);
      expect(items).toHaveLength(3);
      expect(Object.keys(items[0]!).sort()).toEqual(
        Object.keys({ ...cullBody(), id: '' })
          .filter((field) => field !== 'grid_ref')
          .sort(),
      );
    } finally {
      await harness.app.close();
      await store.db.dropDatabase();
      await store.close();
    }
  });

  it("renames a ground by writing its document alone: its records' documents stay as they were", async () => {
    const store = await connectMongoEventStore({ url: target!.url, dbName: `records-test-${randomUUID()}` });
    const readModel = await openMongoReadModel({ db: store.db });
    const harness = createHarness({
      backend: {
        store,
        readModel,
        blobs: openMongoBlobStore({ db: store.db }),
        close: async () => undefined,
      },
    });
    try {
      const home = (await harness.call(ALICE, 'POST', '/grounds', { name: 'Home Farm' })).json<Ground>();
      for (let index = 0; index < 5; index += 1)
        await harness.call(ALICE, 'POST', '/culls', cullBody({ ground_id: home.id }));
      const culls = store.db.collection<CullDocument>(CULLS_COLLECTION);
      const before = await culls.find({}).sort({ _id: 1 }).toArray();
      const renamed = await harness.call(ALICE, 'PATCH', `/grounds/${home.id}`, { name: 'Wessex Estate' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(await culls.find({}).sort({ _id: 1 }).toArray()).toEqual(before);
      const found = async (q: string) =>
        (await harness.call(ALICE, 'GET', `/culls?q=${encodeURIComponent(q)}`)).json<ListCullsResponse>();
      const renamedFound = await found('wessex');
      expect(renamedFound.total).toBe(5);
      expect(new Set(renamedFound.items.map((item) => item.ground_name))).toEqual(new Set(['Wessex Estate']));
      expect((await found('home farm')).total).toBe(0);
    } finally {
      await harness.app.close();
      await store.db.dropDatabase();
      await store.close();
    }
  });

  it("takes a ground's name out of the records from before step 4, and reads it from the ground", async () => {
    const store = await connectMongoEventStore({ url: target!.url, dbName: `records-test-${randomUUID()}` });
    try {
      const readModel = await openMongoReadModel({ db: store.db });
      const harness = createHarness({
        backend: {
          store,
          readModel,
          blobs: openMongoBlobStore({ db: store.db }),
          close: async () => undefined,
        },
      });
      const home = (await harness.call(ALICE, 'POST', '/grounds', { name: 'North Beat' })).json<Ground>();
      const record = (await harness.call(ALICE, 'POST', '/culls', cullBody({ ground_id: home.id }))).json<{
        id: string;
      }>();
      await harness.app.close();
      // As step 3 wrote a placed record: its ground's name copied into it and its search text.
      const culls = store.db.collection<{ _id: string } & Document>(CULLS_COLLECTION);
      const written = (await culls.findOne({ _id: record.id }))!;
      const copied = `${written.search_text as string}\nnorth beat`;
      await culls.updateOne(
        { _id: written._id },
        { $set: { ground_name: 'North Beat', search_text: copied, search_trigrams: trigramsOf(copied) } },
      );
      await store.db
        .collection<{ _id: string; version: number }>(MIGRATIONS_TABLE)
        .updateOne({ _id: READ_MODEL_STORES.culls }, { $set: { version: 3 } });

      const reopened = await openMongoReadModel({ db: store.db });
      const upgraded = (await culls.findOne({ _id: written._id }))!;
      expect(upgraded).not.toHaveProperty('ground_name');
      expect(upgraded.search_text).toBe(written.search_text);
      expect(upgraded.search_trigrams).toEqual(written.search_trigrams);
      expect(await reopened.get(ALICE.uid, record.id)).toMatchObject({ ground_name: 'North Beat' });
      await store.db
        .collection<{ _id: string; name: string }>(GROUNDS_COLLECTION)
        .updateOne({ _id: home.id }, { $set: { name: 'Wessex' } });
      const query = { page: 1, page_size: 10, sort: 'created_at', order: 'desc' } as const;
      expect((await reopened.list(ALICE.uid, { ...query, q: 'north beat' })).total).toBe(0);
      expect(
        (await reopened.list(ALICE.uid, { ...query, q: 'wessex' })).items.map((item) => item.id),
      ).toEqual([record.id]);
    } finally {
      await store.db.dropDatabase();
      await store.close();
    }
  });
});
