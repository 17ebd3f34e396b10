import type { Filter } from 'mongodb';
import { teamOwnerId } from '@cull-log/contracts';
import { monthKey } from '@cull-log/domain';
import { mongoSeasonStart } from '@cull-log/projection';
import type { CsvFields, ExportStore, LarderBook, LarderRow, TeamLarderBook } from '../export-store';
import { teamCopy, type TeamShooter } from '../culled-by';
import { seasonsOfMonths } from '../larder-seasons';
import type { ExportCollections, LarderDocument, RowDocument } from './documents';

/** What the export store reads: the larder book, the CSV rows and the user's season start. */
export type ExportQueries = LarderBook & TeamLarderBook & Pick<ExportStore, 'rows' | 'seasonStart'>;

const larderRow = (document: LarderDocument): LarderRow => ({ id: document._id, fields: document.fields });
const larderOrder = { date: 1, time: 1, _id: 1 } as const;

/** A team's owner id (`team-<id>`): a team's ground may hold its members' records. */
const TEAM_OWNED = /^team-/;

/** A date range as a filter on `date`, open at either end. */
function dateFilter(from: string | undefined, to: string | undefined) {
  return {
    ...(from !== undefined && { $gte: from }),
    ...(to !== undefined && { $lte: to }),
  };
}

export function exportQueries({
  rows,
  larder,
  months,
  groundMonths,
  memberLinks,
  teamMembers,
  outings,
  groundNames,
  settings,
}: ExportCollections): ExportQueries {
  /**
   * When a record's outing started, each outing read once per export (a user has a few hundred at most); only the
   * record's shooter's own outing, as the records service places a record only in its shooter's outing.
   */
  function outingStarts(): (userId: string, outingId: string | null | undefined) => Promise<string | null> {
    const starts = new Map<string, string | null>();
    return async (userId, outingId) => {
      if (outingId === null || outingId === undefined) return null;
      if (!starts.has(outingId))
        starts.set(outingId, (await outings.findOne({ _id: outingId, userId }))?.startedAt ?? null);
      return starts.get(outingId) ?? null;
    };
  }

  /** The team's grounds by id, with their names now. */
  async function teamGrounds(owner: string): Promise<Map<string, string>> {
    const grounds = await groundNames.find({ userId: owner }, { projection: { name: 1 } }).toArray();
    return new Map(grounds.map((ground) => [ground._id, ground.name]));
  }
  /**
   * The shooters of the team's culls, by user id: each linked person's name in the team, and whether their member id
   * is in the team now. Anyone else (a row the team kept after its shooter's erasure) has no name and is not in it.
   */
  async function teamShooters(teamId: string): Promise<(userId: string) => TeamShooter> {
    const [links, members] = await Promise.all([
      memberLinks.find({ teamId }, { projection: { userId: 1, memberId: 1, name: 1 } }).toArray(),
      teamMembers.find({ teamId }, { projection: { memberId: 1 } }).toArray(),
    ]);
    const current = new Set(members.map((member) => member.memberId));
    const shooters = new Map(
      links.map((link) => [
        link.userId,
        { userId: link.userId, name: link.name, current: current.has(link.memberId) },
      ]),
    );
    return (userId) => shooters.get(userId) ?? { userId, name: null, current: false };
  }

  return {
    async teamLarder({ teamId, onlyUserId }, { from, to }, destination) {
      const owner = teamOwnerId(teamId);
      const [grounds, shooterOf] = await Promise.all([teamGrounds(owner), teamShooters(teamId)]);
      const query: Filter<LarderDocument> = {
        groundId: { $in: [...grounds.keys()] },
        date: dateFilter(from, to),
        ...(destination !== undefined && { destination }),
        ...(onlyUserId !== undefined && { userId: onlyUserId }),
      };
      const found = await larder.find(query).sort(larderOrder).toArray();
      return found.map((document) => ({
        id: document._id,
        ...teamCopy(owner, shooterOf(document.userId), document.fields),
      }));
    },
    async teamLarderSeasons({ teamId, onlyUserId }, start) {
      const grounds = [...(await teamGrounds(teamOwnerId(teamId))).keys()];
      if (onlyUserId === undefined) {
        const counts = await groundMonths.find({ groundId: { $in: grounds } }).toArray();
        return seasonsOfMonths(counts, start);
      }
      // A guest's own carcasses on the team's grounds are few: counted from their larder documents.
      const own = await larder
        .find({ groundId: { $in: grounds }, userId: onlyUserId }, { projection: { date: 1 } })
        .toArray();
      return seasonsOfMonths(
        own.map((document) => ({ month: monthKey(document.date), carcasses: 1 })),
        start,
      );
    },
    async *teamRows({ teamId, onlyUserId }, filter) {
      const owner = teamOwnerId(teamId);
      const [grounds, shooterOf] = await Promise.all([teamGrounds(owner), teamShooters(teamId)]);
      const query: Filter<RowDocument> = { groundId: { $in: [...grounds.keys()] } };
      if (onlyUserId !== undefined) query.userId = onlyUserId;
      if (filter.from !== undefined || filter.to !== undefined)
        query.date = dateFilter(filter.from, filter.to);
      if (filter.species !== undefined) query.species = filter.species;
      const cursor = rows
        .find(query, { projection: { fields: 1, groundId: 1, userId: 1, outingId: 1 } })
        .sort({ createdAt: -1, _id: -1 })
        .batchSize(1000);
      const startOf = outingStarts();
      try {
        for await (const document of cursor) {
          yield {
            id: document._id,
            ground: grounds.get(document.groundId as string) ?? null,
            outingStartedAt: await startOf(document.userId, document.outingId),
            ...teamCopy(owner, shooterOf(document.userId), document.fields as CsvFields),
          };
        }
      } finally {
        await cursor.close();
      }
    },
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
    async recordFields(ids) {
      const found = new Map<string, CsvFields>();
      if (ids.length === 0) return found;
      const cursor = rows.find({ _id: { $in: [...ids] } }, { projection: { fields: 1 } });
      for await (const row of cursor) found.set(row._id, row.fields);
      return found;
    },
    async *rows(userId, filter) {
      const query: Filter<RowDocument> = { userId };
      if (filter.from !== undefined || filter.to !== undefined)
        query.date = dateFilter(filter.from, filter.to);
      if (filter.species !== undefined) query.species = filter.species;
      const cursor = rows
        .find(query, { projection: { fields: 1, groundId: 1, outingId: 1 } })
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
      const startOf = outingStarts();
      try {
        for await (const document of cursor) {
          yield {
            id: document._id,
            fields: document.fields as CsvFields,
            ground: await nameOf(document.groundId),
            outingStartedAt: await startOf(userId, document.outingId),
          };
        }
      } finally {
        await cursor.close();
      }
    },
  };
}
