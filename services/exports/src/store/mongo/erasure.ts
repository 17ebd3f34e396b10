import type { ClientSession, Db } from 'mongodb';
import { monthKey } from '@cull-log/domain';
import { exportCollections, groundMonthId } from './documents';

/**
 * Before a user's documents are erased: their carcasses leave their grounds' monthly counts (kept by ground, not by
 * user). A team's copy of those on its grounds comes as the team's own rows from the facts the records service kept
 * before the erasure (team.culls_kept.v1). A batch of the erasure: at most `limit` carcasses, deleted as they are
 * uncounted; answers how many.
 */
export async function uncountErasedCarcasses(
  db: Db,
  userId: string,
  session: ClientSession,
  limit: number,
): Promise<number> {
  const { larder, groundMonths } = exportCollections(db);
  const leaving = await larder
    .find({ userId, groundId: { $type: 'string' } }, { projection: { groundId: 1, date: 1 }, session, limit })
    .toArray();
  const uncounted = new Map<string, number>();
  for (const document of leaving) {
    const id = groundMonthId(document.groundId as string, monthKey(document.date));
    uncounted.set(id, (uncounted.get(id) ?? 0) + 1);
  }
  if (uncounted.size === 0) return 0;
  await groundMonths.bulkWrite(
    [...uncounted].map(([id, carcasses]) => ({
      updateOne: { filter: { _id: id }, update: { $inc: { carcasses: -carcasses } } },
    })),
    { session },
  );
  await groundMonths.deleteMany({ _id: { $in: [...uncounted.keys()] }, carcasses: { $lte: 0 } }, { session });
  // Gone as they are uncounted, so that an erasure run again does not uncount them twice.
  await larder.deleteMany({ _id: { $in: leaving.map((document) => document._id) } }, { session });
  return leaving.length;
}
