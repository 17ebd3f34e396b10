import type { Filter } from 'mongodb';
import { mongoSeasonStart } from '@cull-log/projection';
import type { CsvFields, ExportStore, LarderBook, LarderRow } from '../export-store';
import { seasonsOfMonths } from '../larder-seasons';
import type { ExportCollections, LarderDocument, RowDocument } from './documents';

/** What the export store reads: the larder book, the CSV rows and the user's season start. */
export type ExportQueries = LarderBook & Pick<ExportStore, 'rows' | 'seasonStart'>;

const larderRow = (document: LarderDocument): LarderRow => ({ id: document._id, fields: document.fields });
const larderOrder = { date: 1, time: 1, _id: 1 } as const;

/** A team's owner id (`team-<id>`): a team's ground may hold its members' records. */
const TEAM_OWNED = /^team-/;

export function exportQueries({
  rows,
  larder,
  months,
  groundNames,
  settings,
}: ExportCollections): ExportQueries {
  return {
    async larder(userId, { from, to }, destination) {
      const date = { $gte: from, $lte: to };
      const query: Filter<LarderDocument> =
        destination === undefined ? { userId, date } : { userId, destination, date };
      return (await larder.find(query).sort(larderOrder).toArray()).map(larderRow);
    },
    async larderSeasons(userId, start) {
      return seasonsOfMonths(await months.find({ userId, carcasses: { $gt: 0 } }).toArray(), start);
    },
    seasonStart: (userId) => mongoSeasonStart(settings, userId),
    async larderRows(userId, ids) {
      if (ids.length === 0) return [];
      const found = await larder
        .find({ userId, _id: { $in: [...ids] } })
        .sort(larderOrder)
        .toArray();
      return found.map(larderRow);
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
      // The user's own ground, or a team's (its owner a team's id), on which the records service let them record.
      const names = new Map<string, string | null>();
      const nameOf = async (groundId: string | null | undefined) => {
        if (groundId === null || groundId === undefined) return null;
        if (!names.has(groundId))
          names.set(
            groundId,
            (await groundNames.findOne({ _id: groundId, $or: [{ userId }, { userId: TEAM_OWNED }] }))?.name ??
              null,
          );
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
