import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, expect, it } from 'vitest';
import { describeIdentityIdsContract } from './identity-ids.contract';
import { IDENTITY_ID_SWEEP_MARGIN_SECONDS, IDENTITY_IDS_TABLE } from './identity-ids';
import { connectMongoIdentityIds } from './mongo-identity-ids';
import { describeWithMongo } from './testing/describe-with-mongo';

await describeWithMongo('MongoDB identity ids contract suite', (url) => {
  const client = new MongoClient(url);
  const databases: string[] = [];
  afterAll(async () => {
    for (const name of databases) await client.db(name).dropDatabase();
    await client.close();
  });

  describeIdentityIdsContract('MongoDB (two clients)', async () => {
    const dbName = `cull_log_identity_ids_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    databases.push(dbName);
    return {
      open: () => connectMongoIdentityIds({ url, dbName }),
      held: () => client.db(dbName).collection(IDENTITY_IDS_TABLE).countDocuments(),
      dispose: async () => undefined,
    };
  });

  it('keeps the ids under a TTL index on their expiry, so the database forgets them unasked', async () => {
    const dbName = `cull_log_identity_ids_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    databases.push(dbName);
    const ids = await connectMongoIdentityIds({ url, dbName });
    await ids.close();
    const indexes = await client.db(dbName).collection(IDENTITY_IDS_TABLE).indexes();
    expect(indexes).toContainEqual(
      expect.objectContaining({ key: { expires: 1 }, expireAfterSeconds: IDENTITY_ID_SWEEP_MARGIN_SECONDS }),
    );
  });
});
