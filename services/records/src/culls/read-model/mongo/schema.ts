import type { AnyBulkWriteOperation, Collection, Db } from 'mongodb';
import { SORT_COLUMNS } from '@cull-log/contracts';
import { sortKeys } from '../../../read-model/cull-read-model';
import { trigramsOf } from '../../../read-model/search-trigrams';
import {
  CULLS_COLLECTION,
  LOCATED,
  LOCATED_INDEX,
  SEARCH_INDEX,
  TAG_INDEX,
  sortField,
  type CullDocument,
} from './documents';

/**
 * One index per sort, `{ user_id, <column(s)>, _id }`, so every page is a walk of one user's slice; and the
 * map's, holding only located records, already newest first.
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

/** Gives records written before the trigram index their trigrams, a batch at a time. */
async function addMissingTrigrams(database: Db, culls: Collection<CullDocument>): Promise<void> {
  // Done once per database, so a start-up never scans the records again.
  const migrations = database.collection<{ _id: string; done_at: Date }>(MIGRATIONS_COLLECTION);
  if ((await migrations.findOne({ _id: SEARCH_TRIGRAMS_MIGRATION })) !== null) return;
  const missing = culls.find(
    { search_trigrams: { $exists: false } },
    { projection: { search_text: 1 }, batchSize: 1000 },
  );
  let updates: AnyBulkWriteOperation<CullDocument>[] = [];
  for await (const { _id, search_text } of missing) {
    updates.push({
      updateOne: { filter: { _id }, update: { $set: { search_trigrams: trigramsOf(search_text) } } },
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

/** Builds the records' indexes, then gives an older database's records their trigrams. */
export async function prepareCullsCollection(database: Db): Promise<void> {
  const culls = database.collection<CullDocument>(CULLS_COLLECTION);
  await ensureIndexes(culls);
  await addMissingTrigrams(database, culls);
}
