import type { Filter } from 'mongodb';
import type { Cull, CullFields } from '@cull-log/contracts';
import { carcassTagKey, cullSearchText } from '@cull-log/domain';
import { CASE_INSENSITIVE_COLUMNS } from '../pages';
import { trigramsOf } from '../search-trigrams';

export const CULLS_COLLECTION = 'culls';

/** A record's document: its ground's name stays in the ground's document, and a read joins it (see withGroundName). */
export type CullDocument = Omit<Cull, 'id' | 'created_by' | 'ground_name'> & {
  _id: string;
  user_id: string;
  search_text: string;
  /** The distinct trigrams of search_text: a search's trigrams must all be here before its text is matched. */
  search_trigrams: string[];
  /** Lower-cased copies of the free-text columns, so they sort without regard to case. */
  sort: Record<string, string>;
  /** The carcass tag as the duplicate-tag rule compares it, for the index that finds a user's records by tag. */
  carcass_tag_key?: string;
  /** The team whose ground the record is on (its owner id), by which the team reads it; absent for none. */
  team_owner?: string;
};

/** Where a sort column's values live in a document. */
export function sortField(column: string): string {
  return CASE_INSENSITIVE_COLUMNS.has(column) ? `sort.${column}` : column;
}

export function toDocument(record: Cull): CullDocument {
  const { id, created_by, ground_name: _groundName, ...rest } = record;
  const sort: Record<string, string> = {};
  for (const column of CASE_INSENSITIVE_COLUMNS) {
    const value = (record as Record<string, unknown>)[column];
    if (typeof value === 'string') sort[column] = value.toLowerCase();
  }
  const searchText = cullSearchText(rest);
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

/** A document as a record, without its ground's name. */
export function toRecord(document: CullDocument): Cull {
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

/**
 * Both coordinates present: the map's filter, and the condition of the map's partial index. A range matches
 * numbers only (never null or absent), and every stored coordinate lies within these bounds.
 */
export const LOCATED: Filter<CullDocument> = { latitude: { $gte: -90 }, longitude: { $gte: -180 } };

export const LOCATED_INDEX = 'located_by_user';

export const SEARCH_INDEX = 'search_by_user';

export const TAG_INDEX = 'tag_by_user';
