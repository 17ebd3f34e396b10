import { MongoServerError, type AnyBulkWriteOperation, type ClientSession, type Filter } from 'mongodb';
import {
  DEFAULT_SEASON_START,
  SeasonStart,
  type SeasonStart as Start,
  type StoredLogEvent,
} from '@cull-log/contracts';
import { larderFields, monthKey, type LarderFields } from '@cull-log/domain';
import { connectMongoProjection, followsEverything } from '@cull-log/projection';
import { applyExportEvents, type ExportRows } from './export-read-model';
import type { CsvFields, ExportRow, ExportStore, IssuedDeclaration, LarderRow } from './export-store';
import { seasonsOfMonths } from './larder-seasons';

interface RowDocument extends Omit<ExportRow, 'groundId'> {
  _id: string;
  date: string;
  species: string;
  /** Absent in a row written before grounds. */
  groundId?: string | null;
}

interface LarderDocument {
  _id: string;
  userId: string;
  date: string;
  time: string;
  destination: string | null;
  fields: LarderFields;
}

interface MonthDocument {
  _id: string;
  userId: string;
  month: string;
  carcasses: number;
}

interface GroundNameDocument {
  _id: string;
  userId: string;
  name: string;
}

interface SettingsDocument {
  _id: string;
  userId: string;
  seasonStart: Start;
}

interface DeclarationDocument {
  _id: string;
  userId: string;
  number: number;
  key: string;
  recordIds: string[];
  dealer: string;
  issuedAt: string;
}

/** How often issuing a number is tried when concurrent requests for the same user keep taking it first. */
const DECLARATION_ATTEMPTS = 5;

const monthId = (userId: string, month: string) => `${userId}\u0000${month}`;

function larderDocument(streamId: string, userId: string, fields: LarderFields): LarderDocument {
  return {
    _id: streamId,
    userId,
    date: fields.date,
    time: fields.time,
    destination: fields.carcass_destination ?? null,
    fields,
  };
}

/** The export projection in MongoDB (a replica set: every event is applied in one transaction). */
export async function connectMongoExportStore({
  url,
  dbName,
}: {
  url: string;
  dbName: string;
}): Promise<ExportStore> {
  const projection = await connectMongoProjection({
    url,
    dbName,
    name: 'exports',
    // Not `exports_declarations`: the numbers issued are not derived from the log, and a rebuild must keep them.
    readModelCollections: [
      'exports_culls',
      'exports_larder',
      'exports_larder_months',
      'exports_ground_names',
      'exports_settings',
    ],
    // The declaration register outlives a rebuild, not the user: erasing their account deletes their numbers.
    userCollections: ['exports_declarations'],
  });
  const rows = projection.db.collection<RowDocument>('exports_culls');
  const larder = projection.db.collection<LarderDocument>('exports_larder');
  const months = projection.db.collection<MonthDocument>('exports_larder_months');
  const groundNames = projection.db.collection<GroundNameDocument>('exports_ground_names');
  const settings = projection.db.collection<SettingsDocument>('exports_settings');
  const declarations = projection.db.collection<DeclarationDocument>('exports_declarations');
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
  await projection.db
    .collection('exports_larder_seasons')
    .drop()
    .catch(() => undefined);
  await declarations.createIndex({ userId: 1, key: 1 }, { unique: true });
  await declarations.createIndex({ userId: 1, number: -1 }, { unique: true });
  await fillLarderFromCulls();

  /**
   * A store from before the larder book: its larder is filled once from the export rows, which hold every field. A
   * store from before the monthly counts has its months counted from its larder, once.
   */
  async function fillLarderFromCulls(): Promise<void> {
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

  // One read of the batch's rows, the event logic in memory, then one write of each row and count.
  async function writeEvents(events: readonly StoredLogEvent[], session: ClientSession): Promise<void> {
    const streamIds = [...new Set(events.map((event) => event.streamId))];
    const stored = await rows.find({ _id: { $in: streamIds } }, { session }).toArray();
    const latest = new Map<string, ExportRow | undefined>(
      stored.map((document) => [document._id, { ...document, groundId: document.groundId ?? null }]),
    );
    const touched = new Set<string>();
    const monthMoves = new Map<string, { userId: string; month: string; by: number }>();
    const groundWrites = new Map<string, GroundNameDocument>();
    const settingsWrites = new Map<string, Start>();
    const exportRows: ExportRows = {
      row: (streamId) => latest.get(streamId),
      putRow(streamId, next) {
        latest.set(streamId, next);
        touched.add(streamId);
      },
      countMonth(userId, month, by) {
        const id = monthId(userId, month);
        const move = monthMoves.get(id) ?? { userId, month, by: 0 };
        move.by += by;
        monthMoves.set(id, move);
      },
      putGroundName: (streamId, userId, name) =>
        void groundWrites.set(streamId, { _id: streamId, userId, name }),
      putSeasonStart: (userId, seasonStart) => void settingsWrites.set(userId, seasonStart),
    };
    applyExportEvents(exportRows, events);

    const written = [...touched].map((streamId) => [streamId, latest.get(streamId)] as const);
    if (written.length > 0) {
      await larder.bulkWrite(
        written.map(([streamId, next]): AnyBulkWriteOperation<LarderDocument> =>
          next === undefined
            ? { deleteOne: { filter: { _id: streamId } } }
            : {
                replaceOne: {
                  filter: { _id: streamId },
                  replacement: larderDocument(streamId, next.userId, larderFields(next.fields)),
                  upsert: true,
                },
              },
        ),
        { session },
      );
      await rows.bulkWrite(
        written.map(([streamId, next]): AnyBulkWriteOperation<RowDocument> =>
          next === undefined
            ? { deleteOne: { filter: { _id: streamId } } }
            : {
                replaceOne: {
                  filter: { _id: streamId },
                  replacement: {
                    userId: next.userId,
                    createdAt: next.createdAt,
                    date: next.fields.date,
                    species: next.fields.species,
                    fields: next.fields,
                    groundId: next.groundId,
                  },
                  upsert: true,
                },
              },
        ),
        { session },
      );
    }
    const moves = [...monthMoves].filter(([, move]) => move.by !== 0);
    if (moves.length > 0) {
      await months.bulkWrite(
        moves.map(([id, move]) => ({
          updateOne: {
            filter: { _id: id },
            update: {
              $inc: { carcasses: move.by },
              $setOnInsert: { userId: move.userId, month: move.month },
            },
            upsert: true,
          },
        })),
        { session },
      );
      await months.deleteMany({ _id: { $in: moves.map(([id]) => id) }, carcasses: { $lte: 0 } }, { session });
    }
    for (const { _id, ...document } of groundWrites.values()) {
      await groundNames.replaceOne({ _id }, document, { upsert: true, session });
    }
    for (const [userId, seasonStart] of settingsWrites) {
      await settings.replaceOne({ _id: userId }, { userId, seasonStart }, { upsert: true, session });
    }
  }

  const larderRow = (document: LarderDocument): LarderRow => ({ id: document._id, fields: document.fields });
  const larderOrder = { date: 1, time: 1, _id: 1 } as const;

  async function issue(
    userId: string,
    key: string,
    recordIds: readonly string[],
    dealer: string,
    now: Date,
  ): Promise<IssuedDeclaration> {
    const session = projection.client.startSession();
    try {
      // In one transaction: two requests for the same new declaration conflict, and the one retried finds the other's.
      return await session.withTransaction(async () => {
        const issued = await declarations.findOne({ userId, key }, { session });
        if (issued !== null) return { number: issued.number, issuedAt: issued.issuedAt };
        const last = await declarations.findOne({ userId }, { session, sort: { number: -1 } });
        const number = (last?.number ?? 0) + 1;
        const issuedAt = now.toISOString();
        await declarations.insertOne(
          {
            _id: `${userId}\u0000${number}`,
            userId,
            number,
            key,
            recordIds: [...recordIds],
            dealer,
            issuedAt,
          },
          { session },
        );
        return { number, issuedAt };
      });
    } finally {
      await session.endSession();
    }
  }

  return {
    ...projection.projectionStore(writeEvents, followsEverything),
    async larder(userId, { from, to }, destination) {
      const date = { $gte: from, $lte: to };
      const query: Filter<LarderDocument> =
        destination === undefined ? { userId, date } : { userId, destination, date };
      return (await larder.find(query).sort(larderOrder).toArray()).map(larderRow);
    },
    async larderSeasons(userId, start) {
      return seasonsOfMonths(await months.find({ userId, carcasses: { $gt: 0 } }).toArray(), start);
    },
    async seasonStart(userId) {
      const found = await settings.findOne({ _id: userId });
      return SeasonStart.catch(DEFAULT_SEASON_START).parse(found?.seasonStart ?? DEFAULT_SEASON_START);
    },
    async larderRows(userId, ids) {
      if (ids.length === 0) return [];
      const found = await larder
        .find({ userId, _id: { $in: [...ids] } })
        .sort(larderOrder)
        .toArray();
      return found.map(larderRow);
    },
    async declaration(userId, key, { recordIds, dealer, now }) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await issue(userId, key, recordIds, dealer, now);
        } catch (error) {
          // Another request took this key or the next number first: asked again, the register answers its number
          // or the one after.
          const taken = error instanceof MongoServerError && error.code === 11000;
          if (!taken || attempt === DECLARATION_ATTEMPTS) throw error;
        }
      }
    },
    async *rows(userId, filter) {
      const query: Filter<RowDocument> = { userId };
      if (filter.from !== undefined || filter.to !== undefined) {
        query.date = {
          ...(filter.from !== undefined && { $gte: filter.from }),
          ...(filter.to !== undefined && { $lte: filter.to }),
        };
      }
      if (filter.species !== undefined) query.species = filter.species;
      const cursor = rows
        .find(query, { projection: { fields: 1, groundId: 1 } })
        .sort({ createdAt: -1, _id: -1 })
        .batchSize(1000);
      // The ground's name as it is now, each read once per export: a renamed ground is named anew in later exports.
      const names = new Map<string, string | null>();
      const nameOf = async (groundId: string | null | undefined) => {
        if (groundId === null || groundId === undefined) return null;
        if (!names.has(groundId))
          names.set(groundId, (await groundNames.findOne({ _id: groundId, userId }))?.name ?? null);
        return names.get(groundId) ?? null;
      };
      try {
        for await (const document of cursor) {
          yield { fields: document.fields as CsvFields, ground: await nameOf(document.groundId) };
        }
      } finally {
        await cursor.close();
      }
    },
  };
}
