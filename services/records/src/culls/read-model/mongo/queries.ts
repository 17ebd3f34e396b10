import type { Collection, Document, Filter, FindOptions, Sort } from 'mongodb';
import {
  MAP_POINTS_LIMIT,
  type Cull,
  type CullPage,
  type ListCullsQuery,
  type MapCullFields,
} from '@cull-log/contracts';
import type { TaggedRecord } from '@cull-log/domain';
import { listFiltersOf, narrowsByField, type ListFilters } from '../list-filters';
import type { MongoTx } from '@cull-log/eventstore';
import type {
  CullQueryName,
  CullReadModel,
  GroundCullTally,
  RecordScope,
} from '../../../read-model/cull-read-model';
import { MAP_CULL_FIELDS, filtersSome, toMapPoints, type MapPointsFilter } from '../map-points';
import { pageWindow, readOrder, sortKeys } from '../pages';
import { trigramsOf, usesTrigrams } from '../search-trigrams';
import { groundIdsOf, groundsNamedLike, withGroundName, type NamedGround } from '../ground-names';
import {
  LOCATED,
  LOCATED_INDEX,
  SEARCH_INDEX,
  TAG_INDEX,
  sortField,
  toRecord,
  type CullDocument,
} from './documents';

/** The text as a regular expression matching itself; MongoDB refuses a NUL byte in a pattern, so it is escaped. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('\0', '\\x00');
}

const NEWEST_FIRST: Sort = { created_at: -1, _id: -1 };
/** A map record's fields but its ground's name, which a read joins. */
const MAP_CULL_PROJECTION = Object.fromEntries(
  MAP_CULL_FIELDS.filter((field) => field !== 'ground_name').map((field) => [field, 1]),
);

/** A ground's document as the records' reads need it: its name, and its owner. */
export interface GroundNameDocument {
  _id: string;
  user_id: string;
  name: string;
}

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
  userId: string | RecordScope,
  only: MapPointsFilter = {},
): { filter: Filter<CullDocument>; options: FindOptions } {
  const whose = typeof userId === 'string' ? { user_id: userId } : scopedFilter(userId, '');
  const date = {
    ...(only.from !== undefined && { $gte: only.from }),
    ...(only.to !== undefined && { $lte: only.to }),
  };
  return {
    filter: {
      ...whose,
      ...LOCATED,
      ...(Object.keys(date).length > 0 && { date }),
      ...(only.species !== undefined && { 'sort.species': only.species.toLowerCase() }),
      ...(only.sex !== undefined && { sex: only.sex as CullDocument['sex'] }),
      ...(only.groundId !== undefined && { ground_id: only.groundId }),
    },
    options: {
      // A user's unfiltered map is the map's index alone; a filter or a team's scope lets the planner choose.
      ...(!filtersSome(only) && typeof userId === 'string' && { hint: LOCATED_INDEX }),
      sort: NEWEST_FIRST,
      projection: { _id: 0, latitude: 1, longitude: 1, species: 1 },
      limit: MAP_POINTS_LIMIT + 1,
    },
  };
}

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

/** The user's records on a ground, counted by day, species, sex and outing, by the index of a ground's records. */
export function groundCullTallyPipeline(userId: string, groundId: string): Document[] {
  return [
    { $match: { user_id: userId, ground_id: groundId } },
    {
      $group: {
        _id: { date: '$date', species: '$species', sex: '$sex', outing_id: '$outing_id' },
        count: { $sum: 1 },
      },
    },
  ];
}

/** A record on one of the grounds a search names, whatever its own text. */
function onGrounds(namedGrounds: readonly string[]): Filter<CullDocument> {
  return { ground_id: { $in: [...namedGrounds] } };
}

/**
 * A list's filter: every record of the user, or those whose text holds the search, or that are on one of
 * `namedGrounds` (the user's grounds whose name holds it). A search of a trigram or more reads the user's slice of the
 * trigram index, named so that no plan walks a sort index instead, testing every record; the regular expression
 * decides. With grounds named, each side of the `$or` takes its own index (the trigrams', the ground's).
 */
export function listQuery(
  userId: string,
  search: string,
  namedGrounds: readonly string[] = [],
): { filter: Filter<CullDocument>; options: FindOptions } {
  if (search === '') return { filter: { user_id: userId }, options: {} };
  const contains = { $regex: escapeRegExp(search) };
  const text: Filter<CullDocument> = usesTrigrams(search)
    ? { search_trigrams: { $all: trigramsOf(search) }, search_text: contains }
    : { search_text: contains };
  if (namedGrounds.length > 0)
    return { filter: { user_id: userId, $or: [text, onGrounds(namedGrounds)] }, options: {} };
  return {
    filter: { user_id: userId, ...text },
    options: usesTrigrams(search) ? { hint: SEARCH_INDEX } : {},
  };
}

/** A list filter's conditions besides its text, each on its own so that two on one field both hold. */
export function fieldConditions(filters: ListFilters): Filter<CullDocument>[] {
  const { words } = filters;
  return [
    ...(filters.groundId !== undefined ? [{ ground_id: filters.groundId }] : []),
    ...(filters.outingId !== undefined ? [{ outing_id: filters.outingId }] : []),
    ...(filters.species !== undefined ? [{ 'sort.species': filters.species.toLowerCase() }] : []),
    ...(filters.sex !== undefined ? [{ sex: filters.sex as CullDocument['sex'] }] : []),
    ...(filters.destination !== undefined
      ? [{ carcass_destination: filters.destination as CullDocument['carcass_destination'] }]
      : []),
    ...(words?.species !== undefined ? [{ species: { $in: [...words.species] } }] : []),
    ...(words?.sex !== undefined ? [{ sex: words.sex }] : []),
    ...(words?.ages !== undefined ? [{ age_estimate: { $in: [...words.ages] } }] : []),
  ];
}

/**
 * A user's list as `listQuery` finds it, narrowed by the filters' fields; with a field to narrow by, the planner
 * chooses between the ground's or outing's index, the trigram index and a sort index.
 */
export function filteredListQuery(
  userId: string,
  filters: ListFilters,
  namedGrounds: readonly string[] = [],
): { filter: Filter<CullDocument>; options: FindOptions } {
  const { filter, options } = listQuery(userId, filters.text, namedGrounds);
  if (!narrowsByField(filters)) return { filter, options };
  return { filter: { ...filter, $and: fieldConditions(filters) }, options: {} };
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

/** The reads of a user's records, and of a team's. */
export type CullQueries = Pick<CullReadModel<MongoTx>, CullQueryName>;

/**
 * A scope's filter (see RecordScope), with the search's when there is one (a record on one of `namedGrounds`, the
 * team's grounds whose name holds it, passes too) and the filters' fields when given.
 */
function scopedFilter(
  scope: RecordScope,
  search: string,
  filters?: ListFilters,
  namedGrounds: readonly string[] = [],
): Filter<CullDocument> {
  const conditions = filters === undefined ? [] : fieldConditions(filters);
  const text: Filter<CullDocument> = { search_text: { $regex: escapeRegExp(search) } };
  return {
    team_owner: scope.teamOwnerId,
    ...(scope.userIds !== undefined && { user_id: { $in: [...scope.userIds] } }),
    ...(search !== '' && (namedGrounds.length > 0 ? { $or: [text, onGrounds(namedGrounds)] } : text)),
    ...(conditions.length > 0 && { $and: conditions }),
  };
}

/** A page of the records `filter` finds, sorted and counted as the list asks, named by `named`. */
async function readPage(
  culls: Collection<CullDocument>,
  filter: Filter<CullDocument>,
  options: FindOptions,
  query: ListCullsQuery,
  named: (records: Cull[]) => Promise<Cull[]>,
): Promise<CullPage> {
  const answer = async (documents: CullDocument[], total: number): Promise<CullPage> => ({
    items: await named(documents.map(toRecord)),
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
}

/** The reads of a user's records in the `culls` collection, with their grounds' names from `grounds`. */
export function openMongoCullQueries(
  culls: Collection<CullDocument>,
  grounds: Collection<GroundNameDocument>,
): CullQueries {
  /** The grounds `filter` finds, by id and name. */
  async function groundsWhere(filter: Filter<GroundNameDocument>): Promise<NamedGround[]> {
    const found = await grounds.find(filter, { projection: { name: 1 } }).toArray();
    return found.map((ground) => ({ id: ground._id, name: ground.name }));
  }

  /** The records with their grounds' names now, read in one query for them all. */
  async function named<Item extends { ground_id?: string; ground_name?: string }>(
    records: Item[],
  ): Promise<Item[]> {
    const ids = groundIdsOf(records);
    if (ids.length === 0) return records;
    const names = new Map((await groundsWhere({ _id: { $in: ids } })).map(({ id, name }) => [id, name]));
    return records.map((record) => withGroundName(record, names));
  }

  /** The ids of the grounds among `candidates` whose name holds the search's text; none for no text. */
  async function namedBy(search: string, candidates: () => Promise<NamedGround[]>): Promise<string[]> {
    return search === '' ? [] : groundsNamedLike(await candidates(), search);
  }

  /** A user's map points, or a team's scope's. */
  async function mapPointsOf(whose: string | RecordScope, only?: MapPointsFilter) {
    const { filter, options } = mapPointsQuery(whose, only);
    const documents = culls.find<Pick<CullDocument, 'latitude' | 'longitude' | 'species'>>(filter, options);
    const rows = documents.map(
      ({ latitude, longitude, species }) => [latitude!, longitude!, species] as const,
    );
    return toMapPoints(await rows.toArray());
  }
  return {
    async get(userId, id) {
      const document = await culls.findOne({ _id: id, user_id: userId });
      return document === null ? undefined : (await named([toRecord(document)]))[0];
    },
    async list(userId, query): Promise<CullPage> {
      const filters = listFiltersOf(query);
      // The grounds of the user's records: one key each in the user's slice of the ground index.
      const namedGrounds = await namedBy(filters.text, async () => {
        const placed = await culls.distinct('ground_id', { user_id: userId, ground_id: { $exists: true } });
        const ids = placed.filter((id): id is string => id !== undefined);
        return ids.length === 0 ? [] : groundsWhere({ _id: { $in: ids } });
      });
      const { filter, options } = filteredListQuery(userId, filters, namedGrounds);
      return readPage(culls, filter, options, query, named);
    },
    async getScoped(scope, id) {
      const document = await culls.findOne({ _id: id, ...scopedFilter(scope, '') });
      return document === null ? undefined : (await named([toRecord(document)]))[0];
    },
    async listScoped(scope, query): Promise<CullPage> {
      const filters = listFiltersOf(query);
      // Every record of the team is on one of the team's grounds.
      const namedGrounds = await namedBy(filters.text, () => groundsWhere({ user_id: scope.teamOwnerId }));
      return readPage(culls, scopedFilter(scope, filters.text, filters, namedGrounds), {}, query, named);
    },
    async listLocated(userId) {
      const { filter, options } = locatedQuery(userId);
      const documents = await culls.find(filter, options).toArray();
      return named(documents.map(toMapCull));
    },
    mapPointsScoped: (scope, only) => mapPointsOf(scope, only),
    async listAtScoped(scope, { latitude, longitude }) {
      const documents = await culls
        .find(
          { ...scopedFilter(scope, ''), latitude, longitude },
          { sort: NEWEST_FIRST, projection: MAP_CULL_PROJECTION, limit: MAP_POINTS_LIMIT },
        )
        .toArray();
      return named(documents.map(toMapCull));
    },
    mapPoints: (userId, only) => mapPointsOf(userId, only),
    async groundCullTally(userId, groundId): Promise<GroundCullTally[]> {
      const groups = await culls
        .aggregate<{
          _id: Omit<GroundCullTally, 'count' | 'outing_id'> & { outing_id?: string };
          count: number;
        }>(groundCullTallyPipeline(userId, groundId), { hint: 'culls_by_user_ground' })
        .toArray();
      return groups.map(({ _id, count }) => ({ ..._id, outing_id: _id.outing_id ?? null, count }));
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
      return named(documents.map(toMapCull));
    },
  };
}
