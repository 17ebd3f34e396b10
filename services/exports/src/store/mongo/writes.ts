import type { ClientSession } from 'mongodb';
import type { StoredLogEvent } from '@cull-log/contracts';
import { larderFields } from '@cull-log/domain';
import { mongoGroundsAndSettings, replaceOrDelete } from '@cull-log/projection';
import { applyExportEvents, type ExportRows } from '../export-read-model';
import type { ExportRow } from '../export-store';
import {
  larderDocument,
  monthId,
  rowDocument,
  type ExportCollections,
  type LarderDocument,
  type RowDocument,
} from './documents';

/**
 * The export projection's change for a batch of events, inside the batch's transaction: one read of the batch's
 * rows, the event logic in memory, then one write of each row and count.
 */
export function exportWrites({ rows, larder, months, groundNames, settings }: ExportCollections) {
  return async function writeEvents(
    events: readonly StoredLogEvent[],
    session: ClientSession,
  ): Promise<void> {
    const streamIds = [...new Set(events.map((event) => event.streamId))];
    const stored = await rows.find({ _id: { $in: streamIds } }, { session }).toArray();
    const latest = new Map<string, ExportRow | undefined>(
      stored.map((document) => [document._id, { ...document, groundId: document.groundId ?? null }]),
    );
    const touched = new Set<string>();
    const monthMoves = new Map<string, { userId: string; month: string; by: number }>();
    const groundsAndSettings = mongoGroundsAndSettings({ groundNames, settings });
    const exportRows: ExportRows = {
      ...groundsAndSettings.rows,
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
    };
    applyExportEvents(exportRows, events);

    const written = [...touched].map((streamId) => [streamId, latest.get(streamId)] as const);
    if (written.length > 0) {
      const larderDocuments = written.map(
        ([streamId, next]) =>
          [streamId, next && larderDocument(streamId, next.userId, larderFields(next.fields))] as const,
      );
      await larder.bulkWrite(replaceOrDelete<LarderDocument>(larderDocuments), { session });
      const rowDocuments = written.map(([streamId, next]) => [streamId, next && rowDocument(next)] as const);
      await rows.bulkWrite(replaceOrDelete<RowDocument>(rowDocuments), { session });
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
    await groundsAndSettings.write(session);
  };
}
