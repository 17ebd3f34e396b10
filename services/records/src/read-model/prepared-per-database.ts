import type Database from 'better-sqlite3';

/** Statements prepared on a connection once, the first time an append's transaction on it needs them. */
export function preparedPerDatabase<Statements>(
  prepare: (db: Database.Database) => Statements,
): (db: Database.Database) => Statements {
  const byDatabase = new WeakMap<Database.Database, Statements>();
  return (db) => {
    let statements = byDatabase.get(db);
    if (statements === undefined) {
      statements = prepare(db);
      byDatabase.set(db, statements);
    }
    return statements;
  };
}
