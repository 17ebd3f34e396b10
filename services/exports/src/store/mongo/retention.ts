import type { ClientSession, MongoClient } from 'mongodb';
import { monthKey } from '@cull-log/domain';
import { declarationsWithout } from '../declaration-retention';
import { groundMonthId, monthId, type ExportCollections } from './documents';

/**
 * Forgets the user's records past retention, in one transaction of its own: their rows, larder entries and their part
 * of the monthly carcass counts (the user's and their grounds'), and their lines in the declaration register (see
 * declarationsWithout). Answers how many of the records it still kept something of.
 */
export function removeRetainedRecords(
  client: MongoClient,
  collections: ExportCollections,
): (userId: string, recordIds: readonly string[]) => Promise<number> {
  return async (userId, recordIds) => {
    const session = client.startSession();
    try {
      return await session.withTransaction(() => removeIn(collections, session, userId, recordIds));
    } finally {
      await session.endSession();
    }
  };
}

async function removeIn(
  { rows, larder, months, groundMonths, declarations }: ExportCollections,
  session: ClientSession,
  userId: string,
  recordIds: readonly string[],
): Promise<number> {
  const ids = [...new Set(recordIds)];
  const leaving = await rows
    .find({ _id: { $in: ids }, userId }, { projection: { _id: 1, date: 1, groundId: 1 }, session })
    .toArray();
  const forgotten = new Set(leaving.map((row) => row._id));
  if (leaving.length > 0) {
    const monthMoves = new Map<string, number>();
    const groundMonthMoves = new Map<string, number>();
    for (const row of leaving) {
      const month = monthKey(row.date);
      const id = monthId(userId, month);
      monthMoves.set(id, (monthMoves.get(id) ?? 0) + 1);
      if (typeof row.groundId === 'string') {
        const groundMonth = groundMonthId(row.groundId, month);
        groundMonthMoves.set(groundMonth, (groundMonthMoves.get(groundMonth) ?? 0) + 1);
      }
    }
    await larder.deleteMany({ _id: { $in: [...forgotten] }, userId }, { session });
    await rows.deleteMany({ _id: { $in: [...forgotten] }, userId }, { session });
    await months.bulkWrite(
      [...monthMoves].map(([id, by]) => ({
        updateOne: { filter: { _id: id }, update: { $inc: { carcasses: -by } } },
      })),
      { session },
    );
    await months.deleteMany({ _id: { $in: [...monthMoves.keys()] }, carcasses: { $lte: 0 } }, { session });
    if (groundMonthMoves.size > 0) {
      await groundMonths.bulkWrite(
        [...groundMonthMoves].map(([id, by]) => ({
          updateOne: { filter: { _id: id }, update: { $inc: { carcasses: -by } } },
        })),
        { session },
      );
      await groundMonths.deleteMany(
        { _id: { $in: [...groundMonthMoves.keys()] }, carcasses: { $lte: 0 } },
        { session },
      );
    }
  }
  const registered = await declarations.find({ userId }, { session }).toArray();
  const changes = declarationsWithout(registered, ids);
  if (changes.removed.length > 0)
    await declarations.deleteMany({ userId, number: { $in: changes.removed } }, { session });
  // Each key is unique to the user: every key rewritten is first set apart, so none meets another's old key.
  for (const { number } of changes.rewritten)
    await declarations.updateOne({ userId, number }, { $set: { key: `\u0000${number}` } }, { session });
  for (const { number, key, recordIds: left } of changes.rewritten)
    await declarations.updateOne({ userId, number }, { $set: { key, recordIds: left } }, { session });
  for (const id of changes.forgotten) forgotten.add(id);
  return forgotten.size;
}
