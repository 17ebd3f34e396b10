import type { ClientSession, Db } from 'mongodb';
import { monthKey } from '@cull-log/domain';
import { exportCollections, groundMonthId } from './documents';

/**
 * Before a user's documents are erased: their carcasses leave their grounds' monthly counts (kept by ground, not by
 * user). A team's copy of those on its grounds comes as the team's own rows from the facts the records service kept
 * before the erasure (team.culls_kept.v1).
 */
export async function uncountErasedCarcasses(db: Db, userId: string, session: ClientSession): Promise<void> {
  const { larder, groundMonths } = exportCollections(db);
  const leaving = await larder
    .find({ userId, groundId: { $type: 'string' } }, { projection: { groundId: 1, date: 1 }, session })
    .toArray();
  const uncounted = new Map<string, number>();
  for (const document of leaving) {
    const id = groundMonthId(document.groundId as string, monthKey(document.date));
    uncounted.set(id, (uncounted.get(id) ?? 0) + 1);
  }
  if (uncounted.size === 0) return;
  await groundMonths.bulkWrite(
    [...uncounted].map(([id, carcasses]) => ({
      updateOne: { filter: { _id: id }, update: { $inc: { carcasses: -carcasses } } },
    })),
    { session },
  );
  await groundMonths.deleteMany({ _id: { $in: [...uncounted.keys()] }, carcasses: { $lte: 0 } }, { session });
}
