import type { ClientSession, Db } from 'mongodb';
import { teamOfOwner } from '@cull-log/contracts';
import { larderFields, monthKey } from '@cull-log/domain';
import type { CsvFields } from '../export-store';
import { keptFacts } from '../kept-facts';
import { exportCollections, groundMonthId, monthId } from './documents';

/**
 * Before a user's documents are erased: each of their culls on a team's ground passes to the team (its owner id),
 * with only the facts the team keeps, so the erasure that follows deletes the rest of theirs. Their carcasses on
 * other grounds leave those grounds' monthly counts.
 */
export async function keepTeamsFacts(db: Db, userId: string, session: ClientSession): Promise<void> {
  const { rows, larder, months, groundMonths, memberLinks, groundNames } = exportCollections(db);
  const names = (await memberLinks.find({ userId }, { session }).toArray()).map((link) => link.name);
  const placed = await rows.find({ userId, groundId: { $type: 'string' } }, { session }).toArray();
  const groundIds = [...new Set(placed.map((row) => row.groundId as string))];
  const grounds = new Map(
    (await groundNames.find({ _id: { $in: groundIds } }, { session }).toArray()).map((ground) => [
      ground._id,
      ground,
    ]),
  );
  for (const row of placed) {
    const ground = grounds.get(row.groundId as string);
    if (ground === undefined || teamOfOwner(ground.userId) === undefined) continue;
    const fields = keptFacts(row.fields as CsvFields, ground.name, names);
    const larderKept = larderFields(fields);
    await rows.updateOne({ _id: row._id }, { $set: { userId: ground.userId, fields } }, { session });
    await larder.updateOne(
      { _id: row._id },
      { $set: { userId: ground.userId, fields: larderKept } },
      { session },
    );
    const month = monthKey(larderKept.date);
    await months.updateOne(
      { _id: monthId(ground.userId, month) },
      { $inc: { carcasses: 1 }, $setOnInsert: { userId: ground.userId, month } },
      { upsert: true, session },
    );
  }
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
