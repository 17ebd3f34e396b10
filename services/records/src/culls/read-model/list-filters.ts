import type { ListCullsQuery } from '@cull-log/contracts';
import { readSearch, type WordMeaning } from '@cull-log/domain';

/**
 * What a records list lets through, as a store applies it: the text to find, the filters asked for, and what the
 * stalkers' words in the search mean ("roe doe": roe, female). A record passes when it passes every one.
 */
export interface ListFilters {
  /** Text the record's search text must hold, lower-cased; empty for any. */
  text: string;
  groundId?: string;
  outingId?: string;
  /** A species, compared without regard to case. */
  species?: string;
  sex?: string;
  destination?: string;
  /** What the search's stalkers' words mean. */
  words?: WordMeaning;
}

/** A list query's filters: its search read for stalkers' words, its ids as stored (lower case). */
export function listFiltersOf(query: ListCullsQuery): ListFilters {
  const { text, meaning } = readSearch(query.q);
  return {
    text,
    ...(query.ground_id !== undefined && { groundId: query.ground_id.toLowerCase() }),
    ...(query.outing_id !== undefined && { outingId: query.outing_id.toLowerCase() }),
    ...(query.species !== undefined && { species: query.species }),
    ...(query.sex !== undefined && { sex: query.sex }),
    ...(query.destination !== undefined && { destination: query.destination }),
    ...(meaning !== undefined && { words: meaning }),
  };
}

/** Whether the filters hold more than a text to find, so the list needs a store's filtered read. */
export function narrowsByField(filters: ListFilters): boolean {
  return Object.entries(filters).some(([name, value]) => name !== 'text' && value !== undefined);
}
