import { MongoClient, type ClientSession, type Filter } from 'mongodb';
import type { ExportQuery, StoredEvent } from '@cull-log/contracts';
import { nextRow, versionCheck } from './export-row';
import type { ApplyOutcome, CsvFields, ExportRow, ExportStore } from './export-store';

interface RowDocument extends ExportRow {
  _id: string;
  date: string;
  species: string;
}
interface StreamVersionDocument {
  _id: string;
  version: number;
}
interface CheckpointDocument {
  _id: 'exports';
  position: number;
}

/** The export projection in MongoDB (a replica set: every event is applied in one transaction). */
export async function connectMongoExportStore({
  url,
  dbName,
}: {
  url: string;
  dbName: string;
}): Promise<ExportStore> {
  const client = await new MongoClient(url).connect();
  const db = client.db(dbName);
  const rows = db.collection<RowDocument>('exports_culls');
  const versions = db.collection<StreamVersionDocument>('exports_stream_versions');
  const checkpoint = db.collection<CheckpointDocument>('exports_checkpoint');
  await rows.createIndex({ userId: 1, createdAt: -1, _id: -1 });

  async function applyInSession(event: StoredEvent, session: ClientSession): Promise<ApplyOutcome> {
    const stored = await versions.findOne({ _id: event.streamId }, { session });
    const outcome = versionCheck(stored?.version ?? 0, event.version);
    if (outcome !== 'applied') return outcome;
    const current = await rows.findOne({ _id: event.streamId }, { session });
    const next = nextRow(current ?? undefined, event);
    if (next === undefined) await rows.deleteOne({ _id: event.streamId }, { session });
    else
      await rows.replaceOne(
        { _id: event.streamId },
        {
          userId: next.userId,
          createdAt: next.createdAt,
          date: next.fields.date,
          species: next.fields.species,
          fields: next.fields,
        },
        { upsert: true, session },
      );
    await versions.updateOne(
      { _id: event.streamId },
      { $set: { version: event.version } },
      { upsert: true, session },
    );
    await checkpoint.updateOne(
      { _id: 'exports' },
      { $max: { position: event.position } },
      { upsert: true, session },
    );
    return outcome;
  }

  return {
    async apply(event) {
      const session = client.startSession();
      try {
        return await session.withTransaction(() => applyInSession(event, session));
      } finally {
        await session.endSession();
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
    async position() {
      return (await checkpoint.findOne({ _id: 'exports' }))?.position ?? 0;
    },
    async clear() {
      const session = client.startSession();
      try {
        await session.withTransaction(async () => {
          await rows.deleteMany({}, { session });
          await versions.deleteMany({}, { session });
          await checkpoint.deleteMany({}, { session });
        });
      } finally {
        await session.endSession();
      }
    },
    async close() {
      await client.close();
    },
  };
}
