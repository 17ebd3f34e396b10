import Database from 'better-sqlite3';
import { MIGRATIONS_TABLE } from '../migrations';

/** The schema version each store in a closed SQLite file has reached, by store. */
export function sqliteSchemaVersions(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare<[], { store: string; version: number }>(`SELECT store, version FROM ${MIGRATIONS_TABLE}`)
      .all();
    return Object.fromEntries(rows.map((row) => [row.store, row.version]));
  } finally {
    db.close();
  }
}
