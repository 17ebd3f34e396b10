import type Database from 'better-sqlite3';
import { teamOfOwner } from '@cull-log/contracts';
import { larderFields, monthKey } from '@cull-log/domain';
import type { CsvFields } from '../export-store';
import { keptFacts } from '../kept-facts';

/**
 * Before a user's rows are erased: each of their culls on a team's ground passes to the team (its owner id), with
 * only the facts the team keeps, so the erasure that follows deletes the rest of theirs. Their carcasses on other
 * grounds leave those grounds' monthly counts.
 */
export function keepTeamsFacts(db: Database.Database): (userId: string) => void {
  const selectPlaced = db.prepare<
    [string],
    { stream_id: string; fields: string; owner: string; ground: string }
  >(
    `SELECT culls.stream_id, culls.fields, ground_names.user_id AS owner, ground_names.name AS ground
     FROM culls JOIN ground_names ON ground_names.stream_id = culls.ground_id
     WHERE culls.user_id = ?`,
  );
  const selectNames = db.prepare<[string], string>('SELECT name FROM member_links WHERE user_id = ?').pluck();
  const reownCull = db.prepare(
    'UPDATE culls SET user_id = @owner, fields = @fields WHERE stream_id = @streamId',
  );
  const reownLarder = db.prepare(
    'UPDATE larder SET user_id = @owner, fields = @fields WHERE stream_id = @streamId',
  );
  const countOwnerMonth = db.prepare(
    `INSERT INTO larder_months (user_id, month, carcasses) VALUES (?, ?, 1)
     ON CONFLICT (user_id, month) DO UPDATE SET carcasses = carcasses + 1`,
  );
  const selectLeavingOnGrounds = db.prepare<
    [string],
    { ground_id: string; month: string; carcasses: number }
  >(
    `SELECT ground_id, substr(date, 1, 7) AS month, COUNT(*) AS carcasses FROM larder
     WHERE user_id = ? AND ground_id IS NOT NULL GROUP BY ground_id, month`,
  );
  const uncountGroundMonth = db.prepare(
    'UPDATE larder_ground_months SET carcasses = carcasses - ? WHERE ground_id = ? AND month = ?',
  );
  const dropEmptyGroundMonths = db.prepare('DELETE FROM larder_ground_months WHERE carcasses <= 0');

  return (userId) => {
    const names = selectNames.all(userId);
    for (const placed of selectPlaced.all(userId)) {
      if (teamOfOwner(placed.owner) === undefined) continue;
      const fields = keptFacts(JSON.parse(placed.fields) as CsvFields, placed.ground, names);
      reownCull.run({ streamId: placed.stream_id, owner: placed.owner, fields: JSON.stringify(fields) });
      const larder = larderFields(fields);
      reownLarder.run({ streamId: placed.stream_id, owner: placed.owner, fields: JSON.stringify(larder) });
      countOwnerMonth.run(placed.owner, monthKey(larder.date));
    }
    for (const leaving of selectLeavingOnGrounds.all(userId)) {
      uncountGroundMonth.run(leaving.carcasses, leaving.ground_id, leaving.month);
    }
    dropEmptyGroundMonths.run();
  };
}
