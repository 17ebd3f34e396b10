import type Database from 'better-sqlite3';
import { declarationsWithout } from '../declaration-retention';
import { removeRows } from '../export-read-model';
import { sqliteExportRows } from './writes';

/**
 * Forgets the user's records past retention, in one transaction of its own: their rows, larder entries and counts
 * (see removeRows), and their lines in the declaration register (see declarationsWithout). Answers how many of the
 * records it still kept something of.
 */
export function removeRetainedRecords(
  db: Database.Database,
): (userId: string, recordIds: readonly string[]) => number {
  const rows = sqliteExportRows(db);
  const selectDeclarations = db.prepare<
    [string],
    { number: number; key: string; record_ids: string; dealer: string }
  >('SELECT number, key, record_ids, dealer FROM declarations WHERE user_id = ?');
  const setDeclaration = db.prepare<[string, string, string, number]>(
    'UPDATE declarations SET key = ?, record_ids = ? WHERE user_id = ? AND number = ?',
  );
  const deleteDeclaration = db.prepare<[string, number]>(
    'DELETE FROM declarations WHERE user_id = ? AND number = ?',
  );
  const remove = db.transaction((userId: string, recordIds: readonly string[]): number => {
    const forgotten = new Set(removeRows(rows, userId, recordIds));
    const declarations = selectDeclarations.all(userId).map((row) => ({
      number: row.number,
      key: row.key,
      recordIds: JSON.parse(row.record_ids) as string[],
      dealer: row.dealer,
    }));
    const changes = declarationsWithout(declarations, recordIds);
    for (const number of changes.removed) deleteDeclaration.run(userId, number);
    // Each key is unique to the user: every key rewritten is first set apart, so none meets another's old key.
    for (const { number, recordIds: left } of changes.rewritten)
      setDeclaration.run(`\u0000${number}`, JSON.stringify(left), userId, number);
    for (const { number, key, recordIds: left } of changes.rewritten)
      setDeclaration.run(key, JSON.stringify(left), userId, number);
    for (const id of changes.forgotten) forgotten.add(id);
    return forgotten.size;
  });
  return (userId, recordIds) => remove.immediate(userId, recordIds);
}
