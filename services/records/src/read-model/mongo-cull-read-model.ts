import {
  type AnyBulkWriteOperation,
  type Collection,
  type Db,
  type Document,
  type Filter,
  type FindOptions,
  type Sort,
} from 'mongodb';
import {
  MAP_POINTS_LIMIT,
  SORT_COLUMNS,
  type Cull,
  type CullFields,
  type ListCullsQuery,
  type CullPage,
  type MapCullFields,
  isCullStreamEvent,
  type StoredLogEvent,
} from '@cull-log/contracts';
import {
  applyEventToCull,
  carcassTagKey,
  cullSearchText,
  normaliseSearch,
  type TaggedRecord,
} from '@cull-log/domain';
import type { MongoTx } from '@cull-log/eventstore';
import { isMongoOutage, reportingOutages } from '@cull-log/storage-kit';
import {
  CASE_INSENSITIVE_COLUMNS,
  MAP_CULL_FIELDS,
  pageWindow,
  readOrder,
  sortKeys,
  toMapPoints,
  filtersSome,
  type CullReadModel,
  type MapPointsFilter,
} from './cull-read-model';
import { trigramsOf, usesTrigrams } from './search-trigrams';
import { GROUNDS_COLLECTION, type MongoGroundRenamedHook } from '../grounds/mongo-grounds-read-model';
import {
  applyManagementToMongo,
  eraseManagementFromMongo,
  openMongoManagementReadModel,
} from './mongo-management-read-model';

/** A renamed ground's records take its new name: only their name and search text change, so only those are set. */
const renameGroundRecords: MongoGroundRenamedHook = async (db, session, userId, groundId, name) => {
  const collection = db.collection<CullDocument>(CULLS_COLLECTION);
  const documents = await collection.find({ user_id: userId, ground_id: groundId }, { session }).toArray();
  if (documents.length === 0) return;
  await collection.bulkWrite(
    documents.map((document) => {
      const searchText = cullSearchText({ ...toRecord(document), ground_name: name });
      const update = { ground_name: name, search_text: searchText, search_trigrams: trigramsOf(searchText) };
      return { updateOne: { filter: { _id: document._id }, update: { $set: update } } };
    }),
    { session },
  );
};

export const CULLS_COLLECTION = 'culls';

export type CullDocument = Omit<Cull, 'id' | 'created_by'> & {
  _id: string;
  user_id: string;
  search_text: string;
  /** The distinct trigrams of search_text: a search's trigrams must all be here before its text is matched. */
  search_trigrams: string[];
  /** Lower-cased copies of the free-text columns, so they sort without regard to case. */
  sort: Record<string, string>;
  /** The carcass tag as the duplicate-tag rule compares it, for the index that finds a user's records by tag. */
  carcass_tag_key?: string;
};

/** Where a sort column's values live in a document. */
function sortField(column: string): string {
  return CASE_INSENSITIVE_COLUMNS.has(column) ? `sort.${column}` : column;
}

function toDocument(record: Cull): CullDocument {
  const { id, created_by, ...rest } = record;
  const sort: Record<string, string> = {};
  for (const column of CASE_INSENSITIVE_COLUMNS) {
    const value = (record as Record<string, unknown>)[column];
    if (typeof value === 'string') sort[column] = value.toLowerCase();
  }
  const searchText = cullSearchText(record);
  return {
    ...rest,
    _id: id,
    user_id: created_by,
    search_text: searchText,
    search_trigrams: trigramsOf(searchText),
    sort,
    ...(record.carcass_tag === undefined ? {} : { carcass_tag_key: carcassTagKey(record.carcass_tag) }),
  };
}

function toRecord(document: CullDocument): Cull {
  const {
    _id,
    user_id,
    search_text: _search,
    search_trigrams: _trigrams,
    sort: _sort,
    carcass_tag_key: _tagKey,
    ...rest
  } = document;
  return {
    ...(rest as CullFields & Pick<Cull, 'created_at' | 'updated_at' | 'version'>),
    id: _id,
    created_by: user_id,
  };
}

/** The text as a regular expression matching itself; MongoDB refuses a NUL byte in a pattern, so it is escaped. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('\0', '\\x00');
}

/**
 * Both coordinates present: the map's filter, and the condition of the map's partial index. A range matches
 * numbers only (never null or absent), and every stored coordinate lies within these bounds.
 */
const LOCATED: Filter<CullDocument> = { latitude: { $gte: -90 }, longitude: { $gte: -180 } };

export const LOCATED_INDEX = 'located_by_user';

const NEWEST_FIRST: Sort = { created_at: -1, _id: -1 };
const MAP_CULL_PROJECTION = Object.fromEntries(MAP_CULL_FIELDS.map((field) => [field, 1]));

/** The map's query: the filter implies the partial index's, and the projection fetches only what it shows. */
export function locatedQuery(userId: string): { filter: Filter<CullDocument>; options: FindOptions } {
  return {
    filter: { user_id: userId, ...LOCATED },
    options: {
      // Named, so a user whose records mostly lack coordinates never gets a plan that fetches them all.
      hint: LOCATED_INDEX,
      sort: NEWEST_FIRST,
      projection: MAP_CULL_PROJECTION,
      limit: MAP_POINTS_LIMIT,
    },
  };
}

/** The map's points: the same walk, with only a point's columns, one more than the answer holds to tell truncation. */
export function mapPointsQuery(
  userId: string,
  only: MapPointsFilter = {},
): { filter: Filter<CullDocument>; options: FindOptions } {
  const date = {
    ...(only.from !== undefined && { $gte: only.from }),
    ...(only.to !== undefined && { $lte: only.to }),
  };
  return {
    filter: {
      user_id: userId,
      ...LOCATED,
      ...(Object.keys(date).length > 0 && { date }),
      ...(only.species !== undefined && { 'sort.species': only.species.toLowerCase() }),
      ...(only.sex !== undefined && { sex: only.sex as CullDocument['sex'] }),
      ...(only.groundId !== undefined && { ground_id: only.groundId }),
    },
    options: {
      // Unfiltered, the map's index alone answers; a filter lets the planner choose.
      ...(!filtersSome(only) && { hint: LOCATED_INDEX }),
      sort: NEWEST_FIRST,
      projection: { _id: 0, latitude: 1, longitude: 1, species: 1 },
      limit: MAP_POINTS_LIMIT + 1,
    },
  };
}

export const SEARCH_INDEX = 'search_by_user';

export const TAG_INDEX = 'tag_by_user';

/** The user's records with any of the tag keys: the partial index holds only tagged records. */
export function sameTagQuery(
  userId: string,
  tagKeys: readonly string[],
): { filter: Filter<CullDocument>; options: FindOptions } {
  return {
    filter: { user_id: userId, carcass_tag_key: { $in: [...tagKeys], $exists: true } },
    options: { hint: TAG_INDEX, projection: { _id: 1, date: 1, carcass_tag: 1 } },
  };
}

/**
 * A list's filter: every record of the user, or those whose text holds the search. A search of a trigram or
 * more reads the user's slice of the trigram index, named so that no plan walks a sort index instead, testing
 * every record; the regular expression decides.
 */
export function listQuery(
  userId: string,
  search: string,
): { filter: Filter<CullDocument>; options: FindOptions } {
  if (search === '') return { filter: { user_id: userId }, options: {} };
  const contains = { $regex: escapeRegExp(search) };
  if (!usesTrigrams(search)) return { filter: { user_id: userId, search_text: contains }, options: {} };
  return {
    filter: { user_id: userId, search_trigrams: { $all: trigramsOf(search) }, search_text: contains },
    options: { hint: SEARCH_INDEX },
  };
}

function sortOf({ sort, order }: Pick<ListCullsQuery, 'sort' | 'order'>): Sort {
  const direction = order === 'asc' ? 1 : -1;
  return Object.fromEntries([
    ...sortKeys(sort).map((column) => [sortField(column), direction]),
    ['_id', direction],
  ]) as Sort;
}

function toMapCull({ _id, ...fields }: Document): MapCullFields {
  return { ...fields, id: _id } as MapCullFields;
}

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

export interface MongoReadModelOptions {
  /** The Mongo event store's database: the collection lives beside the log so one transaction covers both. */
  db: Db;
}

export type MongoCullReadModel = CullReadModel<MongoTx>;

/** Ensures the indexes, then reads and writes `culls` in the given database. */
export async function openMongoReadModel({
  db: database,
}: MongoReadModelOptions): Promise<MongoCullReadModel> {
  const culls = database.collection<CullDocument>(CULLS_COLLECTION);
  await ensureIndexes(culls);
  await addMissingTrigrams(database, culls);
  const management = await openMongoManagementReadModel(database, CULLS_COLLECTION);

  return reportingOutages<MongoCullReadModel>(
    {
      ...management,
      async apply({ db, session }, events: readonly StoredLogEvent[]) {
        const collection = db.collection<CullDocument>(CULLS_COLLECTION);
        const grounds = db.collection<{ _id: string; name: string }>(GROUNDS_COLLECTION);
        for (const event of events) {
          // Grounds, outings, settings and plans are not records: their own collections follow them.
          if (!isCullStreamEvent(event)) {
            await applyManagementToMongo(db, session, event, renameGroundRecords);
            continue;
          }
          const document = await collection.findOne({ _id: event.streamId }, { session });
          const current = document === null ? undefined : toRecord(document);
          const currentVersion = current?.version ?? 0;
          if (currentVersion !== event.version - 1) {
            throw new Error(
              `Read model has ${event.streamId} at version ${currentVersion}, not ${event.version - 1}`,
            );
          }
          const next = applyEventToCull(current, event);
          if (next === undefined) {
            await collection.deleteOne({ _id: event.streamId }, { session });
            continue;
          }
          const ground =
            next.ground_id === undefined ? null : await grounds.findOne({ _id: next.ground_id }, { session });
          const placed = ground === null ? next : { ...next, ground_name: ground.name };
          await collection.replaceOne({ _id: event.streamId }, toDocument(placed), { session, upsert: true });
        }
      },
      async eraseUser({ db, session }, userId) {
        await db.collection<CullDocument>(CULLS_COLLECTION).deleteMany({ user_id: userId }, { session });
        await eraseManagementFromMongo(db, session, userId);
      },
      async get(userId, id) {
        const document = await culls.findOne({ _id: id, user_id: userId });
        return document === null ? undefined : toRecord(document);
      },
      async list(userId, query): Promise<CullPage> {
        const { filter, options } = listQuery(userId, normaliseSearch(query.q));
        const answer = (documents: CullDocument[], total: number): CullPage => ({
          items: documents.map(toRecord),
          total,
          page: query.page,
          page_size: query.page_size,
        });
        // The first page never reads from the end, so it need not wait for the total.
        if (query.page === 1) {
          const [documents, total] = await Promise.all([
            culls.find(filter, { ...options, sort: sortOf(query), limit: query.page_size }).toArray(),
            culls.countDocuments(filter, options),
          ]);
          return answer(documents, total);
        }
        const total = await culls.countDocuments(filter, options);
        const window = pageWindow(query.page, query.page_size, total);
        if (window.limit === 0) return answer([], total);
        const documents = await culls
          .find(filter, {
            ...options,
            sort: sortOf({ sort: query.sort, order: readOrder(window, query.order) }),
            skip: window.offset,
            limit: window.limit,
          })
          .toArray();
        if (window.reversed) documents.reverse();
        return answer(documents, total);
      },
      async listLocated(userId) {
        const { filter, options } = locatedQuery(userId);
        const documents = await culls.find(filter, options).toArray();
        return documents.map(toMapCull);
      },
      async mapPoints(userId, only) {
        const { filter, options } = mapPointsQuery(userId, only);
        const documents = culls.find<Pick<CullDocument, 'latitude' | 'longitude' | 'species'>>(
          filter,
          options,
        );
        const rows = documents.map(
          ({ latitude, longitude, species }) => [latitude!, longitude!, species] as const,
        );
        return toMapPoints(await rows.toArray());
      },
      async sameTag(userId, tagKeys): Promise<TaggedRecord[]> {
        if (tagKeys.length === 0) return [];
        const { filter, options } = sameTagQuery(userId, tagKeys);
        const documents = await culls.find(filter, options).toArray();
        return documents.map(({ _id, date, carcass_tag }) => ({ id: _id, date, carcass_tag }));
      },
      async listAt(userId, { latitude, longitude }) {
        const documents = await culls
          .find(
            { user_id: userId, latitude, longitude },
            { sort: NEWEST_FIRST, projection: MAP_CULL_PROJECTION, limit: MAP_POINTS_LIMIT },
          )
          .toArray();
        return documents.map(toMapCull);
      },
    },
    isMongoOutage,
  );
}
