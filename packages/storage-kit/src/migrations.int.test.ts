import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, expect, it } from 'vitest';
import { migrateMongo, SchemaTooNewError, type MongoMigration } from './migrations';
import { describeWithMongo } from './testing/describe-with-mongo';

await describeWithMongo('MongoDB migrations', (url) => {
  const client = new MongoClient(url);
  const db = client.db(`cull_log_migrations_${randomUUID().replaceAll('-', '').slice(0, 12)}`);
  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });

  let runs = 0;
  const steps: MongoMigration[] = [
    {
      version: 1,
      does: 'notes by author',
      up: async (d) => {
        runs += 1;
        await d.collection('notes').createIndex({ author: 1 });
      },
    },
    {
      version: 2,
      does: 'notes have a body',
      up: async (d) => {
        runs += 1;
        await d.collection('notes').updateMany({ body: { $exists: false } }, { $set: { body: '' } });
      },
    },
  ];

  it('runs each step once, and only the ones written since the last start', async () => {
    expect(await migrateMongo(db, 'notes', steps.slice(0, 1))).toBe(1);
    await db.collection('notes').insertOne({ author: 'a' });
    expect(await migrateMongo(db, 'notes', steps)).toBe(2);
    expect(await migrateMongo(db, 'notes', steps)).toBe(2);
    expect(runs).toBe(2);
    expect(await db.collection('notes').findOne({}, { projection: { _id: 0 } })).toEqual({
      author: 'a',
      body: '',
    });
  });

  it('two replicas starting together end at the same version', async () => {
    const store = `together_${randomUUID()}`;
    const versions = await Promise.all([migrateMongo(db, store, steps), migrateMongo(db, store, steps)]);
    expect(versions).toEqual([2, 2]);
  });

  it('refuses a database written by a newer build', async () => {
    await expect(migrateMongo(db, 'notes', steps.slice(0, 1))).rejects.toThrow(SchemaTooNewError);
  });
});
