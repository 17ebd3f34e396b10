import { CULL_FIELD_NAMES, NESTED_FIELD_NAMES, type Cull } from '@cull-log/contracts';
import { carcassTagKey, cullSearchText } from '@cull-log/domain';
import { CASE_INSENSITIVE_COLUMNS } from '../pages';

export type Row = Record<string, string | number | bigint | null>;

const META_COLUMNS = ['id', 'user_id', 'version', 'created_at', 'updated_at'] as const;
/**
 * The record's fields, its photos and where it belongs: every column that reads back as a property of the record.
 * The ground's name is not one: it stays in the ground's row, and a read joins it (see withGroundName).
 */
const FIELD_COLUMNS: readonly string[] = [...CULL_FIELD_NAMES, 'photos', 'ground_id', 'outing_id'];
/** Fields holding an object or a list, kept as JSON text. */
const JSON_COLUMNS: ReadonlySet<string> = new Set([...NESTED_FIELD_NAMES, 'photos']);
export const ALL_COLUMNS = [
  ...META_COLUMNS,
  ...FIELD_COLUMNS,
  'search_text',
  'search_rowid',
  'carcass_tag_key',
];

/** A user's records hold rowids from `number << USER_SHIFT` up: one user's postings sit together in the index. */
export const USER_SHIFT = 32n;

/** Gives the user's next record its search rowid, numbering the user on their first. */
export const NEXT_SEARCH_ROWID_SQL = `INSERT INTO cull_search_users (user_id, records) VALUES (?, 1)
  ON CONFLICT (user_id) DO UPDATE SET records = records + 1
  RETURNING (number << ${USER_SHIFT}) + records`;

/** A record's text in the trigram index, under its search rowid. */
export const INDEX_SEARCH_SQL = 'INSERT INTO culls_search_trigrams (rowid, search_text) VALUES (?, ?)';

/**
 * Counts trigrams (a JSON array) in for the user whose number is the high bits of a search rowid: how many of the
 * user's records hold each, so a search starts from its rarest.
 */
export const COUNT_TRIGRAMS_IN_SQL = `INSERT INTO cull_search_trigram_counts (user_number, trigram, records)
  SELECT ? >> ${USER_SHIFT}, value, 1 FROM json_each(?) WHERE true
  ON CONFLICT (user_number, trigram) DO UPDATE SET records = records + 1`;

/** Counts trigrams (a JSON array) out, as COUNT_TRIGRAMS_IN_SQL counts them in; a trigram no record holds is dropped. */
export const COUNT_TRIGRAMS_OUT_SQL = [
  `UPDATE cull_search_trigram_counts SET records = records - 1
    WHERE user_number = ? >> ${USER_SHIFT} AND trigram IN (SELECT value FROM json_each(?))`,
  `DELETE FROM cull_search_trigram_counts
    WHERE user_number = ? >> ${USER_SHIFT} AND trigram IN (SELECT value FROM json_each(?)) AND records <= 0`,
] as const;

export function quote(column: string): string {
  return `"${column}"`;
}

/** How a column is compared in indexes and ORDER BY; both must say the same for a sort to walk the index. */
export function orderTerm(column: string): string {
  return CASE_INSENSITIVE_COLUMNS.has(column) ? `${quote(column)} COLLATE NOCASE` : quote(column);
}

/** The record's row; its ground's name stays in the ground's row, out of the record's row and its search text. */
export function toRow(record: Cull, searchRowid: bigint): Row {
  const row: Row = {};
  for (const column of ALL_COLUMNS) row[column] = null;
  const { ground_name: _groundName, ...stored } = record;
  const { created_by, antlers_present, ...rest } = stored;
  for (const [column, value] of Object.entries(rest)) {
    row[column] = JSON_COLUMNS.has(column) ? JSON.stringify(value) : (value as string | number);
  }
  row.user_id = created_by;
  row.antlers_present = antlers_present ? 1 : 0;
  row.search_text = cullSearchText(stored);
  row.search_rowid = searchRowid;
  row.carcass_tag_key = record.carcass_tag === undefined ? null : carcassTagKey(record.carcass_tag);
  return row;
}

/** A row as a record, without its ground's name; the write path reads rows with safe integers, so numbers may come as bigints. */
export function toRecord(row: Row): Cull {
  const record: Record<string, unknown> = {
    id: row.id,
    created_by: row.user_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: Number(row.version),
  };
  for (const column of FIELD_COLUMNS) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    if (JSON_COLUMNS.has(column)) record[column] = JSON.parse(String(value)) as unknown;
    else record[column] = typeof value === 'bigint' ? Number(value) : value;
  }
  record.antlers_present = Number(row.antlers_present) === 1;
  return record as Cull;
}
