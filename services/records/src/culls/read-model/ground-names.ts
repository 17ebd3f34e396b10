/**
 * A ground's name lives in its own row alone, so a rename writes one row whatever the number of records on the
 * ground: a read joins the names to the records it answers with, and a search by a ground's name finds the records
 * by the ground's id.
 */

/** A ground as a read of names needs it. */
export interface NamedGround {
  id: string;
  name: string;
}

/** The distinct grounds the records are on. */
export function groundIdsOf(records: Iterable<{ ground_id?: string | null }>): string[] {
  const ids = new Set<string>();
  for (const record of records) if (typeof record.ground_id === 'string') ids.add(record.ground_id);
  return [...ids];
}

/**
 * The record with its ground's name now, placed just after its ground's id as the contract orders them; a record on no
 * ground, or on a ground no longer kept, has none.
 */
export function withGroundName<Item extends { ground_id?: string; ground_name?: string }>(
  record: Item,
  names: ReadonlyMap<string, string>,
): Item {
  const { ground_name: _stored, ...rest } = record;
  const name = record.ground_id === undefined ? undefined : names.get(record.ground_id);
  if (name === undefined) return rest as Item;
  const named: { [key: string]: unknown } = {};
  for (const [key, value] of Object.entries(rest)) {
    named[key] = value;
    if (key === 'ground_id') named.ground_name = name;
  }
  return named as Item;
}

/**
 * The ids of the grounds whose name holds `text` (a search's text, lower-cased), as the name's own line of a record's
 * search text once held it.
 */
export function groundsNamedLike(grounds: Iterable<NamedGround>, text: string): string[] {
  if (text === '') return [];
  const ids: string[] = [];
  for (const ground of grounds) if (ground.name.toLowerCase().includes(text)) ids.push(ground.id);
  return ids;
}
