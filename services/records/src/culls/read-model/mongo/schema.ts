import type { AnyBulkWriteOperation, Collection, Db } from 'mongodb';
import { SORT_COLUMNS, TEAM_OWNER_PREFIX } from '@cull-log/contracts';
import { GROUNDS_COLLECTION } from '../../../grounds/mongo-grounds-read-model';
import type { MongoMigration } from '@cull-log/storage-kit';
import { indexStep } from '../../../read-model/mongo-index-step';
import { sortKeys } from '../pages';
import { cullSearchText } from '@cull-log/domain';
import { trigramsOf } from '../search-trigrams';
import {
  CULLS_COLLECTION,
  toRecord,
  LOCATED,
  LOCATED_INDEX,
  SEARCH_INDEX,
  TAG_INDEX,
  sortField,
  type CullDocument,
} from './documents';

/**
 * One index per sort, `{ user_id, <column(s)>, _id }`, so every page is a walk of one user's slice; and the
 * map's, holding only located records, already newest first. One per sort as the sorts stood at step 1: a sort
 * added later needs a step for its index.
 */
async function ensureIndexes(culls: Collection<CullDocument>): Promise<void> {
  await culls.createIndexes([
    ...SORT_COLUMNS.map((sort) => ({
      name: `by_user_${sort}`,
      key: Object.fromEntries([
        ['user_id', 1],
        ...sortKeys(sort).map((column) => [sortField(column), 1]),
        ['_id', 1],
      ]),
    })),
    {
      name: LOCATED_INDEX,
      key: { user_id: 1, created_at: -1, _id: -1 },
      partialFilterExpression: LOCATED,
    },
    { name: 'at_point_by_user', key: { user_id: 1, latitude: 1, longitude: 1, created_at: -1, _id: -1 } },
    { name: SEARCH_INDEX, key: { user_id: 1, search_trigrams: 1 } },
    {
      name: TAG_INDEX,
      key: { user_id: 1, carcass_tag_key: 1 },
      partialFilterExpression: { carcass_tag_key: { $exists: true } },
    },
  ]);
}

/** Migrations of the culls collection done in this database, by name. */
export const MIGRATIONS_COLLECTION = 'culls_migrations';
const SEARCH_TRIGRAMS_MIGRATION = 'search_trigrams';

/**
 * Gives records written before the trigram index their trigrams, a batch at a time. A record written meanwhile has
 * its own, so only one still without them is changed.
 */
async function addMissingTrigrams(database: Db, culls: Collection<CullDocument>): Promise<void> {
  // Done once per database, also by a build from before numbered steps, so no start-up scans the records again.
  const migrations = database.collection<{ _id: string; done_at: Date }>(MIGRATIONS_COLLECTION);
  if ((await migrations.findOne({ _id: SEARCH_TRIGRAMS_MIGRATION })) !== null) return;
  const missing = culls.find(
    { search_trigrams: { $exists: false } },
    { projection: { search_text: 1 }, batchSize: 1000 },
  );
  let updates: AnyBulkWriteOperation<CullDocument>[] = [];
  for await (const { _id, search_text } of missing) {
    updates.push({
      updateOne: {
        filter: { _id, search_trigrams: { $exists: false } },
        update: { $set: { search_trigrams: trigramsOf(search_text) } },
      },
    });
    if (updates.length === 1000) {
      await culls.bulkWrite(updates, { ordered: false });
      updates = [];
    }
  }
  if (updates.length > 0) await culls.bulkWrite(updates, { ordered: false });
  await migrations.updateOne(
    { _id: SEARCH_TRIGRAMS_MIGRATION },
    { $setOnInsert: { done_at: new Date() } },
    { upsert: true },
  );
}

/** A ground's records, for a rename and the map's filter; an outing's, for its number of culls. */
async function ensurePlacementIndexes(culls: Collection<CullDocument>): Promise<void> {
  await culls.createIndex(
    { user_id: 1, outing_id: 1 },
    { name: 'culls_by_user_outing', partialFilterExpression: { outing_id: { $exists: true } } },
  );
  await culls.createIndex(
    { user_id: 1, ground_id: 1 },
    { name: 'culls_by_user_ground', partialFilterExpression: { ground_id: { $exists: true } } },
  );
}

/**
 * Takes the copies of their ground's name out of the records, a batch at a time: each one's search text and trigrams
 * made again without it, and the copy unset. Only a record still holding a copy is changed, so the step is safe to run
 * twice.
 */
async function dropGroundNameCopies(culls: Collection<CullDocument>): Promise<void> {
  const named = { ground_name: { $exists: true } } as const;
  const copies = culls.find(named, { batchSize: 1000 });
  let updates: AnyBulkWriteOperation<CullDocument>[] = [];
  for await (const document of copies) {
    const { ground_name: _copy, ...record } = toRecord(document);
    const searchText = cullSearchText(record);
    updates.push({
      updateOne: {
        filter: { _id: document._id, ...named },
        update: {
          $set: { search_text: searchText, search_trigrams: trigramsOf(searchText) },
          $unset: { ground_name: '' },
        },
      },
    });
    if (updates.length === 1000) {
      await culls.bulkWrite(updates, { ordered: false });
      updates = [];
    }
  }
  if (updates.length > 0) await culls.bulkWrite(updates, { ordered: false });
}

/**
 * The records' indexes and repairs in MongoDB, step by step; a change is a new step at the end, and each step is
 * safe to run twice. Step 1 is what every start did when numbering began.
 */
export const MONGO_CULL_MIGRATIONS: readonly MongoMigration[] = [
  {
    version: 1,
    does:
      'the sort, map, point, trigram and tag indexes; trigrams for records from before the trigram index; ' +
      "a ground's and an outing's records by user",
    async up(db) {
      const culls = db.collection<CullDocument>(CULLS_COLLECTION);
      await ensureIndexes(culls);
      await addMissingTrigrams(db, culls);
      await ensurePlacementIndexes(culls);
    },
  },
  indexStep(
    2,
    "a ground's records whoever made them (a team's ground has its members' records)",
    CULLS_COLLECTION,
    {
      key: { ground_id: 1 },
      name: 'culls_by_ground',
      partialFilterExpression: { ground_id: { $exists: true } },
    },
  ),
  {
    version: 3,
    does:
      "the team whose ground a record is on, and the team's sort, map and marker indexes, so a team reads its " +
      'records as a user reads their own',
    async up(db) {
      const culls = db.collection<CullDocument>(CULLS_COLLECTION);
      const teamGrounds = await db
        .collection<{ _id: string; user_id: string }>(GROUNDS_COLLECTION)
        .find({ user_id: { $regex: `^${TEAM_OWNER_PREFIX}` } })
        .toArray();
      for (const ground of teamGrounds) {
        await culls.updateMany({ ground_id: ground._id }, { $set: { team_owner: ground.user_id } });
      }
      const teams = { team_owner: { $exists: true } };
      await culls.createIndexes([
        ...SORT_COLUMNS.map((sort) => ({
          name: `by_team_${sort}`,
          key: Object.fromEntries([
            ['team_owner', 1],
            ...sortKeys(sort).map((column) => [sortField(column), 1]),
            ['_id', 1],
          ]),
          partialFilterExpression: teams,
        })),
        {
          name: 'located_by_team',
          key: { team_owner: 1, created_at: -1, _id: -1 },
          partialFilterExpression: { ...teams, ...LOCATED },
        },
        {
          name: 'at_point_by_team',
          key: { team_owner: 1, latitude: 1, longitude: 1, created_at: -1, _id: -1 },
          partialFilterExpression: teams,
        },
      ]);
    },
  },
  {
    version: 4,
    does:
      "a ground's name kept in the ground's document alone, so a rename writes one document: the records' copies of " +
      'it taken out of their search text and unset',
    up: (db) => dropGroundNameCopies(db.collection<CullDocument>(CULLS_COLLECTION)),
  },
];
