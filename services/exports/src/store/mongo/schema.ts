import type { AnyBulkWriteOperation, Db } from 'mongodb';
import { larderFields, monthKey } from '@cull-log/domain';
import type { MongoMigration } from '@cull-log/projection';
import {
  exportCollections,
  groundMonthId,
  larderDocument,
  monthId,
  teamMemberDocument,
  type GroundMonthDocument,
  type LarderDocument,
  type MonthDocument,
  type TeamMemberDocument,
} from './documents';

/**
 * The export collections' indexes and repairs, step by step; a change is a new step at the end. A database that has
 * no version yet runs step 1 once: the indexes, and the repairs that bring a database from an earlier version up to
 * date. Run again, step 1 changes nothing: `createIndex` is idempotent, the season is unset only where it is still
 * set, an old index or collection is dropped only while it exists, and the larder and the monthly counts are filled
 * only while empty. Two replicas upgrading an old database at once cannot count twice either: the documents filled
 * in have fixed ids, so the later insert is refused on the key (that replica stops; started again, it finds the work
 * done).
 */
export const MONGO_EXPORT_MIGRATIONS: readonly MongoMigration[] = [
  {
    version: 1,
    does: 'the export indexes; an older database loses its larder seasons and has its larder and months filled in',
    up: indexAndRepair,
  },
  {
    version: 2,
    does: "teams: each carcass's ground, counts by ground and month, members' names, reads by ground",
    up: readByGround,
  },
  {
    version: 3,
    does: "teams: who is in each team now, by member id, so a team's read leaves out what left with a former member",
    up: keepTeamMembers,
  },
  {
    version: 4,
    does:
      "the CSV's Outing column: each outing's start, by user for erasure (a database from before fills in its " +
      "records' outings on a rebuild; until then they show no outing)",
    async up(db) {
      await exportCollections(db).outings.createIndex({ userId: 1 });
    },
  },
];

/**
 * Step 3: who is in each team now, by member id under the team's owner id (naming no person, so it outlives a
 * member's erasure), indexed by team. A database that followed teams before has its links but not the joins and
 * departures: every linked member is taken as in the team, as its reads showed them until now (fixed ids, so two
 * replicas cannot add one twice), and a rebuild reads who has left since.
 */
async function keepTeamMembers(db: Db): Promise<void> {
  const { memberLinks, teamMembers } = exportCollections(db);
  await teamMembers.createIndex({ teamId: 1 });
  if ((await teamMembers.findOne({})) !== null) return;
  let batch: AnyBulkWriteOperation<TeamMemberDocument>[] = [];
  for await (const link of memberLinks.find({}, { projection: { teamId: 1, memberId: 1 } })) {
    const { _id, ...document } = teamMemberDocument(link.teamId, link.memberId);
    batch.push({ updateOne: { filter: { _id }, update: { $setOnInsert: document }, upsert: true } });
    if (batch.length === 1000) {
      await teamMembers.bulkWrite(batch, { ordered: false });
      batch = [];
    }
  }
  if (batch.length > 0) await teamMembers.bulkWrite(batch, { ordered: false });
}

/**
 * Step 2: a team reads the culls on its grounds, so each larder document keeps its record's ground (filled from the
 * export rows where absent), the carcasses are counted by ground and month (filled while empty, with fixed ids, so
 * two replicas cannot count twice) and the reads by ground are indexed.
 */
async function readByGround(db: Db): Promise<void> {
  const { rows, larder, groundMonths, memberLinks, groundNames } = exportCollections(db);
  await rows.createIndex({ groundId: 1, createdAt: -1, _id: -1 });
  await larder.createIndex({ groundId: 1, date: 1, time: 1, _id: 1 });
  await groundMonths.createIndex({ groundId: 1, month: 1 });
  await memberLinks.createIndex({ teamId: 1 });
  await memberLinks.createIndex({ userId: 1 });
  await groundNames.createIndex({ userId: 1 });
  let batch: AnyBulkWriteOperation<LarderDocument>[] = [];
  for await (const row of rows.find({}, { projection: { groundId: 1 } })) {
    batch.push({
      updateOne: {
        filter: { _id: row._id, groundId: { $exists: false } },
        update: { $set: { groundId: row.groundId ?? null } },
      },
    });
    if (batch.length === 1000) {
      await larder.bulkWrite(batch, { ordered: false });
      batch = [];
    }
  }
  if (batch.length > 0) await larder.bulkWrite(batch, { ordered: false });
  if ((await groundMonths.findOne({})) !== null) return;
  const counts = new Map<string, GroundMonthDocument>();
  for await (const document of larder.find(
    { groundId: { $type: 'string' } },
    { projection: { groundId: 1, date: 1 } },
  )) {
    const groundId = document.groundId as string;
    const month = monthKey(document.date);
    const id = groundMonthId(groundId, month);
    const count = counts.get(id) ?? { _id: id, groundId, month, carcasses: 0 };
    count.carcasses += 1;
    counts.set(id, count);
  }
  if (counts.size > 0) await groundMonths.insertMany([...counts.values()]);
}

async function indexAndRepair(db: Db): Promise<void> {
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
 * A store from before the larder book: its larder is filled from the export rows, which hold every field. A store
 * from before the monthly counts has its months counted from its larder.
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
