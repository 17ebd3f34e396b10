import { MongoServerError, type AnyBulkWriteOperation, type ClientSession, type Filter } from 'mongodb';
import type { ExportQuery, StoredEvent } from '@cull-log/contracts';
import { larderFields, seasonOfDate, type LarderFields } from '@cull-log/domain';
import { connectMongoProjection } from '@cull-log/projection';
import { nextRow } from './export-row';
import type { CsvFields, ExportRow, ExportStore, IssuedDeclaration, LarderRow } from './export-store';

interface RowDocument extends ExportRow {
  _id: string;
  date: string;
  species: string;
}

interface LarderDocument {
  _id: string;
  userId: string;
  season: string;
  date: string;
  time: string;
  destination: string | null;
  fields: LarderFields;
}

interface SeasonDocument {
  _id: string;
  userId: string;
  season: string;
  carcasses: number;
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

const seasonId = (userId: string, season: string) => `${userId}\u0000${season}`;

function larderDocument(streamId: string, userId: string, fields: LarderFields): LarderDocument {
  return {
    _id: streamId,
    userId,
    season: seasonOfDate(fields.date).label,
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
    readModelCollections: ['exports_culls', 'exports_larder', 'exports_larder_seasons'],
    // The declaration register outlives a rebuild, not the user: erasing their account deletes their numbers.
    userCollections: ['exports_declarations'],
  });
  const rows = projection.db.collection<RowDocument>('exports_culls');
  const larder = projection.db.collection<LarderDocument>('exports_larder');
  const seasons = projection.db.collection<SeasonDocument>('exports_larder_seasons');
  const declarations = projection.db.collection<DeclarationDocument>('exports_declarations');
  await rows.createIndex({ userId: 1, createdAt: -1, _id: -1 });
  await larder.createIndex({ userId: 1, season: 1, date: 1, time: 1, _id: 1 });
  await larder.createIndex({ userId: 1, season: 1, destination: 1, date: 1, time: 1, _id: 1 });
  await seasons.createIndex({ userId: 1, season: -1 });
  await declarations.createIndex({ userId: 1, key: 1 }, { unique: true });
  await declarations.createIndex({ userId: 1, number: -1 }, { unique: true });
  await fillLarderFromCulls();

  /** A store from before the larder book: its larder is filled once from the export rows, which hold every field. */
  async function fillLarderFromCulls(): Promise<void> {
    if ((await larder.findOne({})) !== null || (await rows.findOne({})) === null) return;
    const counts = new Map<string, SeasonDocument>();
    let batch: LarderDocument[] = [];
    for await (const row of rows.find({})) {
      const document = larderDocument(row._id, row.userId, larderFields(row.fields));
      batch.push(document);
      const id = seasonId(row.userId, document.season);
      const count = counts.get(id) ?? { _id: id, userId: row.userId, season: document.season, carcasses: 0 };
      count.carcasses += 1;
      counts.set(id, count);
      if (batch.length === 1000) {
        await larder.insertMany(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await larder.insertMany(batch);
    if (counts.size > 0) await seasons.insertMany([...counts.values()]);
  }

  // One read of the batch's rows and one write of each.
  async function writeRows(events: readonly StoredEvent[], session: ClientSession): Promise<void> {
    const streamIds = [...new Set(events.map((event) => event.streamId))];
    const stored = await rows.find({ _id: { $in: streamIds } }, { session }).toArray();
    const latest = new Map<string, ExportRow | undefined>(stored.map((document) => [document._id, document]));
    const seasonMoves = new Map<string, { userId: string; season: string; by: number }>();
    const moveSeason = (userId: string, date: string, by: number) => {
      const season = seasonOfDate(date).label;
      const id = seasonId(userId, season);
      const move = seasonMoves.get(id) ?? { userId, season, by: 0 };
      move.by += by;
      seasonMoves.set(id, move);
    };
    for (const event of events) {
      const current = latest.get(event.streamId);
      const next = nextRow(current, event);
      if (current !== undefined) moveSeason(current.userId, current.fields.date, -1);
      if (next !== undefined) moveSeason(next.userId, next.fields.date, 1);
      latest.set(event.streamId, next);
    }
    await larder.bulkWrite(
      [...latest].map(([streamId, next]): AnyBulkWriteOperation<LarderDocument> =>
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
    const moves = [...seasonMoves].filter(([, move]) => move.by !== 0);
    if (moves.length > 0) {
      await seasons.bulkWrite(
        moves.map(([id, move]) => ({
          updateOne: {
            filter: { _id: id },
            update: {
              $inc: { carcasses: move.by },
              $setOnInsert: { userId: move.userId, season: move.season },
            },
            upsert: true,
          },
        })),
        { session },
      );
      await seasons.deleteMany(
        { _id: { $in: moves.map(([id]) => id) }, carcasses: { $lte: 0 } },
        { session },
      );
    }
    await rows.bulkWrite(
      [...latest].map(([streamId, next]) =>
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
                },
                upsert: true,
              },
            },
      ),
      { session },
    );
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
    ...projection.projectionStore(writeRows),
    async larder(userId, season, destination) {
      const query: Filter<LarderDocument> =
        destination === undefined ? { userId, season } : { userId, season, destination };
      return (await larder.find(query).sort(larderOrder).toArray()).map(larderRow);
    },
    async larderSeasons(userId) {
      const found = await seasons.find({ userId }).sort({ season: -1 }).toArray();
      return found.map((document) => ({ label: document.season, carcasses: document.carcasses }));
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
    async *rows(userId: string, filter: ExportQuery) {
      const query: Filter<RowDocument> = { userId };
      if (filter.from !== undefined || filter.to !== undefined) {
        query.date = {
          ...(filter.from !== undefined && { $gte: filter.from }),
          ...(filter.to !== undefined && { $lte: filter.to }),
        };
      }
      if (filter.species !== undefined) query.species = filter.species;
      const cursor = rows
        .find(query, { projection: { fields: 1 } })
        .sort({ createdAt: -1, _id: -1 })
        .batchSize(1000);
      try {
        for await (const document of cursor) yield document.fields as CsvFields;
      } finally {
        await cursor.close();
      }
    },
  };
}
