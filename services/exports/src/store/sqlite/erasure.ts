import type Database from 'better-sqlite3';

/**
 * Before a user's rows are erased: their carcasses leave their grounds' monthly counts (kept by ground, not by user).
 * A team's copy of those on its grounds comes as the team's own rows from the facts the records service kept before
 * the erasure (team.culls_kept.v1).
 */
export function uncountErasedCarcasses(db: Database.Database): (userId: string) => void {
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
    for (const leaving of selectLeavingOnGrounds.all(userId)) {
      uncountGroundMonth.run(leaving.carcasses, leaving.ground_id, leaving.month);
    }
    dropEmptyGroundMonths.run();
  };
}
