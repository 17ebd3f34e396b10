import type Database from 'better-sqlite3';
import { durably } from '@cull-log/storage-kit';
import type { DeclarationRegister } from '../export-store';

/**
 * The declaration register in the projection's file: a user's numbers are issued one at a time, each synced to disk
 * before it is answered (the projection's own rows are synced less often: the log rebuilds them, but not these).
 */
export function declarationRegister(db: Database.Database): DeclarationRegister {
  const selectDeclaration = db.prepare<[string, string], { number: number; issued_at: string }>(
    'SELECT number, issued_at FROM declarations WHERE user_id = ? AND key = ?',
  );
  const lastNumber = db
    .prepare<[string], number | null>('SELECT MAX(number) FROM declarations WHERE user_id = ?')
    .pluck();
  const selectUserDeclarations = db.prepare<
    [string],
    { number: number; issued_at: string; dealer: string; record_ids: string }
  >('SELECT number, issued_at, dealer, record_ids FROM declarations WHERE user_id = ? ORDER BY number');
  const insertDeclaration = db.prepare(
    `INSERT INTO declarations (user_id, number, key, record_ids, dealer, issued_at)
     VALUES (@userId, @number, @key, @recordIds, @dealer, @issuedAt)`,
  );
  const issueDeclaration = db.transaction(
    (userId: string, key: string, recordIds: readonly string[], dealer: string, now: Date) => {
      const issued = selectDeclaration.get(userId, key);
      if (issued !== undefined) return { number: issued.number, issuedAt: issued.issued_at };
      const number = (lastNumber.get(userId) ?? 0) + 1;
      const issuedAt = now.toISOString();
      insertDeclaration.run({ userId, number, key, recordIds: JSON.stringify(recordIds), dealer, issuedAt });
      return { number, issuedAt };
    },
  );

  return {
    async declaration(userId, key, { recordIds, dealer, now }) {
      return durably(db, () => issueDeclaration.immediate(userId, key, recordIds, dealer, now));
    },
    async issuedDeclaration(userId, key) {
      const issued = selectDeclaration.get(userId, key);
      return issued === undefined ? undefined : { number: issued.number, issuedAt: issued.issued_at };
    },
    async declarationsOf(userId) {
      return selectUserDeclarations.all(userId).map((row) => ({
        ...row,
        record_ids: JSON.parse(row.record_ids) as string[],
      }));
    },
  };
}
