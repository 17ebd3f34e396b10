import { type Collection, type Db, type Document, type Filter, type FindOptions, type Sort } from 'mongodb';
import {
  SORT_COLUMNS,
  type Cull,
  type CullFields,
  type ListCullsResponse,
  type MapCull,
  type StoredEvent,
} from '@cull-log/contracts';
import { applyEventToCull, cullSearchText, normaliseSearch } from '@cull-log/domain';
import { isMongoOutage, reportingOutages, type MongoTx } from '@cull-log/eventstore';
import { CASE_INSENSITIVE_COLUMNS, MAP_CULL_FIELDS, sortKeys, type CullReadModel } from './cull-read-model';

export const CULLS_COLLECTION = 'culls';

export type CullDocument = Omit<Cull, 'id' | 'created_by'> & {
  _id: string;
  user_id: string;
  search_text: string;
  /** Lower-cased copies of the free-text columns, so they sort without regard to case. */
  sort: Record<string, string>;
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
  return { ...rest, _id: id, user_id: created_by, search_text: cullSearchText(record), sort };
}

function toRecord(document: CullDocument): Cull {
  const { _id, user_id, search_text: _search, sort: _sort, ...rest } = document;
  return {
    ...(rest as CullFields & Pick<Cull, 'created_at' | 'updated_at' | 'version'>),
    id: _id,
    created_by: user_id,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Both coordinates present: the map's filter, and the condition of the map's partial index. A range matches
 * numbers only (never null or absent), and every stored coordinate lies within these bounds.
 */
const LOCATED: Filter<CullDocument> = { latitude: { $gte: -90 }, longitude: { $gte: -180 } };

export const LOCATED_INDEX = 'located_by_user';

/** The map's query: the filter implies the partial index's, and the projection fetches only what it shows. */
export function locatedQuery(userId: string): { filter: Filter<CullDocument>; options: FindOptions } {
  return {
    filter: { user_id: userId, ...LOCATED },
    options: {
      // Named, so a user whose records mostly lack coordinates never gets a plan that fetches them all.
      hint: LOCATED_INDEX,
      sort: { created_at: -1, _id: -1 },
      projection: Object.fromEntries(MAP_CULL_FIELDS.map((field) => [field, 1])),
    },
  };
}

function toMapCull({ _id, ...fields }: Document): MapCull {
  return { ...fields, id: _id } as MapCull;
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
  ]);
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

  return reportingOutages<MongoCullReadModel>(
    {
      async apply({ db, session }, events: readonly StoredEvent[]) {
        const collection = db.collection<CullDocument>(CULLS_COLLECTION);
        for (const event of events) {
          const document = await collection.findOne({ _id: event.streamId }, { session });
          const current = document === null ? undefined : toRecord(document);
          const currentVersion = current?.version ?? 0;
          if (currentVersion !== event.version - 1) {
            throw new Error(
              `Read model has ${event.streamId} at version ${currentVersion}, not ${event.version - 1}`,
            );
          }
          const next = applyEventToCull(current, event);
          if (next === undefined) await collection.deleteOne({ _id: event.streamId }, { session });
          else
            await collection.replaceOne({ _id: event.streamId }, toDocument(next), { session, upsert: true });
        }
      },
      async get(userId, id) {
        const document = await culls.findOne({ _id: id, user_id: userId });
        return document === null ? undefined : toRecord(document);
      },
      async list(userId, query): Promise<ListCullsResponse> {
        const search = normaliseSearch(query.q);
        const filter: Filter<CullDocument> =
          search === ''
            ? { user_id: userId }
            : { user_id: userId, search_text: { $regex: escapeRegExp(search) } };
        const direction = query.order === 'asc' ? 1 : -1;
        const sort = Object.fromEntries([
          ...sortKeys(query.sort).map((column) => [sortField(column), direction]),
          ['_id', direction],
        ]) as Sort;
        const [documents, total] = await Promise.all([
          culls
            .find(filter, { sort, skip: (query.page - 1) * query.page_size, limit: query.page_size })
            .toArray(),
          culls.countDocuments(filter),
        ]);
        return { items: documents.map(toRecord), total, page: query.page, page_size: query.page_size };
      },
      async listLocated(userId) {
        const { filter, options } = locatedQuery(userId);
        const documents = await culls.find(filter, options).toArray();
        return documents.map(toMapCull);
      },
    },
    isMongoOutage,
  );
}
