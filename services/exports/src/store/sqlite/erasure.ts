import type Database from 'better-sqlite3';

/**
 * Before a user's rows are erased: their carcasses leave their grounds' monthly counts (kept by ground, not by user).
 * A team's copy of those on its grounds comes as the team's own rows from the facts the records service kept before
 * the erasure (team.culls_kept.v1).
 */
export function uncountErasedCarcasses(db: Database.Database): (userId: string, limit: number) => number {
  const selectLeavingOnGrounds = db.prepare<
    [string, number],
    { stream_id: string; ground_id: string; month: string }
  >(
    `SELECT stream_id, ground_id, substr(date, 1, 7) AS month FROM larder
     WHERE user_id = ? AND ground_id IS NOT NULL LIMIT ?`,
  );
  const uncountGroundMonth = db.prepare(
    'UPDATE larder_ground_months SET carcasses = carcasses - ? WHERE ground_id = ? AND month = ?',
  );
  const dropEmptyGroundMonths = db.prepare('DELETE FROM larder_ground_months WHERE carcasses <= 0');
  const deleteCarcass = db.prepare<[string]>('DELETE FROM larder WHERE stream_id = ?');

  return (userId, limit) => {
    const leaving = selectLeavingOnGrounds.all(userId, limit);
    const uncounted = new Map<string, { ground_id: string; month: string; carcasses: number }>();
    for (const { ground_id, month } of leaving) {
      const key = JSON.stringify([ground_id, month]);
      const counted = uncounted.get(key) ?? { ground_id, month, carcasses: 0 };
      uncounted.set(key, { ...counted, carcasses: counted.carcasses + 1 });
    }
    for (const { carcasses, ground_id, month } of uncounted.values()) {
      uncountGroundMonth.run(carcasses, ground_id, month);
    }
    if (uncounted.size > 0) dropEmptyGroundMonths.run();
    // Gone as they are uncounted, so that an erasure run again does not uncount them twice.
    for (const { stream_id } of leaving) deleteCarcass.run(stream_id);
    return leaving.length;
  };
}
