import type { ClientSession } from 'mongodb';
import type { StoredLogEvent } from '@cull-log/contracts';
import { larderFields } from '@cull-log/domain';
import { mongoGroundsAndSettings, replaceOrDelete } from '@cull-log/projection';
import { applyExportEvents, type ExportRows } from '../export-read-model';
import type { ExportRow } from '../export-store';
import {
  groundMonthId,
  larderDocument,
  memberLinkId,
  monthId,
  rowDocument,
  teamMemberDocument,
  type ExportCollections,
  type LarderDocument,
  type MemberLinkDocument,
  type OutingDocument,
  type RowDocument,
  type TeamMemberDocument,
} from './documents';

/** Each count's move over a batch, summed, then written once. */
type CountMoves = Map<string, { key: string; month: string; by: number }>;

function moveCount(moves: CountMoves, id: string, key: string, month: string, by: number): void {
  const move = moves.get(id) ?? { key, month, by: 0 };
  move.by += by;
  moves.set(id, move);
}

/**
 * The export projection's change for a batch of events, inside the batch's transaction: one read of the batch's
 * rows, the event logic in memory, then one write of each row and count.
 */
export function exportWrites({
  rows,
  larder,
  months,
  groundMonths,
  memberLinks,
  teamMembers,
  outings,
  groundNames,
  settings,
}: ExportCollections) {
  return async function writeEvents(
    events: readonly StoredLogEvent[],
    session: ClientSession,
  ): Promise<void> {
    const streamIds = [...new Set(events.map((event) => event.streamId))];
    const stored = await rows.find({ _id: { $in: streamIds } }, { session }).toArray();
    const latest = new Map<string, ExportRow | undefined>(
      stored.map((document) => [
        document._id,
        { ...document, groundId: document.groundId ?? null, outingId: document.outingId ?? null },
      ]),
    );
    /** Each outing's start after the batch (undefined: deleted): the last event of each stands. */
    const outingStarts = new Map<string, Omit<OutingDocument, '_id'> | undefined>();
    const touched = new Set<string>();
    const monthMoves: CountMoves = new Map();
    const groundMonthMoves: CountMoves = new Map();
    const links = new Map<string, MemberLinkDocument>();
    /** Who joined (their document) or left (undefined) in the batch, by document id: the last event of each stands. */
    const membership = new Map<string, Omit<TeamMemberDocument, '_id'> | undefined>();
    const groundsAndSettings = mongoGroundsAndSettings({ groundNames, settings });
    const exportRows: ExportRows = {
      ...groundsAndSettings.rows,
      row: (streamId) => latest.get(streamId),
      putRow(streamId, next) {
        latest.set(streamId, next);
        touched.add(streamId);
      },
      countMonth(userId, month, by) {
        moveCount(monthMoves, monthId(userId, month), userId, month, by);
      },
      countGroundMonth(groundId, month, by) {
        moveCount(groundMonthMoves, groundMonthId(groundId, month), groundId, month, by);
      },
      putMemberLink(userId, teamId, memberId, name) {
        const id = memberLinkId(teamId, userId);
        if (!links.has(id)) links.set(id, { _id: id, teamId, userId, memberId, name });
      },
      putTeamMember(teamId, memberId, current) {
        const { _id, ...document } = teamMemberDocument(teamId, memberId);
        membership.set(_id, current ? document : undefined);
      },
      putOutingStart(outingId, userId, startedAt) {
        outingStarts.set(outingId, startedAt === undefined ? undefined : { userId, startedAt });
      },
    };
    applyExportEvents(exportRows, events);

    const written = [...touched].map((streamId) => [streamId, latest.get(streamId)] as const);
    if (written.length > 0) {
      const larderDocuments = written.map(
        ([streamId, next]) =>
          [
            streamId,
            next && larderDocument(streamId, next.userId, larderFields(next.fields), next.groundId),
          ] as const,
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
            update: { $inc: { carcasses: move.by }, $setOnInsert: { userId: move.key, month: move.month } },
            upsert: true,
          },
        })),
        { session },
      );
      await months.deleteMany({ _id: { $in: moves.map(([id]) => id) }, carcasses: { $lte: 0 } }, { session });
    }
    const groundMoves = [...groundMonthMoves].filter(([, move]) => move.by !== 0);
    if (groundMoves.length > 0) {
      await groundMonths.bulkWrite(
        groundMoves.map(([id, move]) => ({
          updateOne: {
            filter: { _id: id },
            update: { $inc: { carcasses: move.by }, $setOnInsert: { groundId: move.key, month: move.month } },
            upsert: true,
          },
        })),
        { session },
      );
      await groundMonths.deleteMany(
        { _id: { $in: groundMoves.map(([id]) => id) }, carcasses: { $lte: 0 } },
        { session },
      );
    }
    // A user is linked to a team once: the member id and name of the first link stand.
    for (const { _id, ...link } of links.values()) {
      await memberLinks.updateOne({ _id }, { $setOnInsert: link }, { upsert: true, session });
    }
    if (membership.size > 0) {
      await teamMembers.bulkWrite(replaceOrDelete<TeamMemberDocument>(membership), { session });
    }
    if (outingStarts.size > 0) {
      await outings.bulkWrite(replaceOrDelete<OutingDocument>(outingStarts), { session });
    }
    await groundsAndSettings.write(session);
  };
}
