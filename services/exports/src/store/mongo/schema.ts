import type { Db } from 'mongodb';
import { larderFields, monthKey } from '@cull-log/domain';
import {
  exportCollections,
  larderDocument,
  monthId,
  type LarderDocument,
  type MonthDocument,
} from './documents';

/** The export collections' indexes, and the repairs that bring a database from an earlier version up to date. */
export async function upgradeCollections(db: Db): Promise<void> {
  const { rows, larder, months, declarations } = exportCollections(db);
  await rows.createIndex({ userId: 1, createdAt: -1, _id: -1 });
  await larder.createIndex({ userId: 1, date: 1, time: 1, _id: 1 });
  await larder.createIndex({ userId: 1, destination: 1, date: 1, time: 1, _id: 1 });
  await months.createIndex({ userId: 1, month: 1 });
  // Seasons are the user's now, counted by month: the larder's April seasons and their counts are gone.
  await larder.updateMany({ season: { $exists: true } }, { $unset: { season: '' } });
  for (const name of [
    'userId_1_season_1_date_1_time_1__id_1',
    'userId_1_season_1_destination_1_date_1_time_1__id_1',
  ]) {
    if (await larder.indexExists(name)) await larder.dropIndex(name);
  }
  await db
    .collection('exports_larder_seasons')
    .drop()
    .catch(() => undefined);
  await declarations.createIndex({ userId: 1, key: 1 }, { unique: true });
  await declarations.createIndex({ userId: 1, number: -1 }, { unique: true });
  await fillLarderFromCulls(db);
}

/**
 * A store from before the larder book: its larder is filled once from the export rows, which hold every field. A
 * store from before the monthly counts has its months counted from its larder, once.
 */
async function fillLarderFromCulls(db: Db): Promise<void> {
  const { rows, larder, months } = exportCollections(db);
  if ((await larder.findOne({})) === null && (await rows.findOne({})) !== null) {
    let batch: LarderDocument[] = [];
    for await (const row of rows.find({})) {
      batch.push(larderDocument(row._id, row.userId, larderFields(row.fields)));
      if (batch.length === 1000) {
        await larder.insertMany(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await larder.insertMany(batch);
  }
  if ((await months.findOne({})) !== null) return;
  const counts = new Map<string, MonthDocument>();
  for await (const document of larder.find({}, { projection: { userId: 1, date: 1 } })) {
    const month = monthKey(document.date);
    const id = monthId(document.userId, month);
    const count = counts.get(id) ?? { _id: id, userId: document.userId, month, carcasses: 0 };
    count.carcasses += 1;
    counts.set(id, count);
  }
  if (counts.size > 0) await months.insertMany([...counts.values()]);
}
