import type { ClientSession, Filter } from 'mongodb';
import type { ExportQuery, StoredEvent } from '@cull-log/contracts';
import { connectMongoProjection } from '@cull-log/projection';
import { nextRow } from './export-row';
import type { CsvFields, ExportRow, ExportStore } from './export-store';

interface RowDocument extends ExportRow {
  _id: string;
  date: string;
  species: string;
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
    readModelCollections: ['exports_culls'],
  });
  const rows = projection.db.collection<RowDocument>('exports_culls');
  await rows.createIndex({ userId: 1, createdAt: -1, _id: -1 });

  // One read of the batch's rows and one write of each.
  async function writeRows(events: readonly StoredEvent[], session: ClientSession): Promise<void> {
    const streamIds = [...new Set(events.map((event) => event.streamId))];
    const stored = await rows.find({ _id: { $in: streamIds } }, { session }).toArray();
    const latest = new Map<string, ExportRow | undefined>(stored.map((document) => [document._id, document]));
    for (const event of events) latest.set(event.streamId, nextRow(latest.get(event.streamId), event));
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

  return {
    ...projection.projectionStore(writeRows),
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
