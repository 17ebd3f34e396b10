import type { ClientSession } from 'mongodb';
import { Plan, PlansAllocated, teamOwnerId } from '@cull-log/contracts';
import { mongoSeasonStart, type MongoProjection } from '@cull-log/projection';
import { z } from 'zod';
import { nestCounts } from '../nest-counts';
import { memberCounterPrefix, seasonCountOf } from '../stats-counters';
import type {
  MemberSeasonCounts,
  SeasonRead,
  StatsAggregates,
  StatsStore,
  StatsWindow,
  TeamSeasonRead,
} from '../stats-store';
import { plansId, statsCollections, type ClassDocument } from './documents';

const StoredPlans = z.array(Plan);
const StoredAllocations = PlansAllocated.shape.data.shape.allocations;

/** What the stats store reads: the user's season start and their figures. */
export type StatsQueries = Pick<StatsStore, 'seasonStart' | 'aggregates' | 'season' | 'teamSeason'>;

/** A regular expression of the text as it is, anchored at the start: a prefix read on an index. */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** The stats store's reads: the figures of one read come from one snapshot, with the position they answer with. */
export function statsQueries({ client, db, readPosition }: MongoProjection): StatsQueries {
  const {
    settings,
    plans,
    groundNames,
    memberLinks,
    teamNames,
    allocations,
    totals,
    speciesCounts,
    monthCounts,
    classes,
    destinations,
    warnings,
    outingMonths,
  } = statsCollections(db);

  const outingSums = async (
    userId: string,
    months: readonly string[],
    options: { session: ClientSession },
  ) => {
    const found = await outingMonths.find({ userId, month: { $in: [...months] } }, options).toArray();
    return found.reduce(
      (sum, row) => ({
        outings: sum.outings + row.outings,
        blank: sum.blank + row.blank,
        durationMs: sum.durationMs + row.durationMs,
        deer: sum.deer + row.deer,
      }),
      { outings: 0, blank: 0, durationMs: 0, deer: 0 },
    );
  };

  async function inSnapshot<T>(read: (options: { session: ClientSession }) => Promise<T>): Promise<T> {
    const snapshot = client.startSession({ snapshot: true });
    try {
      return await read({ session: snapshot });
    } finally {
      await snapshot.endSession();
    }
  }

  return {
    seasonStart: (userId) => mongoSeasonStart(settings, userId),
    aggregates: ({ userId, months, seasonMonths }: StatsWindow): Promise<StatsAggregates> =>
      inSnapshot(async (options) => {
        const live = { userId, count: { $gt: 0 } };
        const sums = await totals.findOne({ userId }, options);
        const species = await speciesCounts.find(live, options).toArray();
        const perMonth = await monthCounts.find({ ...live, month: { $in: [...months] } }, options).toArray();
        const seasonCounts = await classes
          .find({ ...live, month: { $in: [...seasonMonths] } }, options)
          .toArray();
        return {
          total: sums?.total ?? 0,
          weightGrams: sums?.weightGrams ?? 0,
          weighed: sums?.weighed ?? 0,
          speciesCounts: Object.fromEntries(species.map((row) => [row.species, row.count])),
          perMonth: Object.fromEntries(perMonth.map((row) => [row.month, row.count])),
          seasonSpeciesBySex: nestCounts(sumBySpeciesAndSex(seasonCounts)),
          seasonOutings: await outingSums(userId, seasonMonths, options),
          seasonDestinations: sumByField(
            await destinations.find({ ...live, month: { $in: [...seasonMonths] } }, options).toArray(),
            'destination',
          ),
          seasonWarnings: sumByField(
            await warnings.find({ ...live, month: { $in: [...seasonMonths] } }, options).toArray(),
            'code',
          ),
          position: await readPosition(options.session),
        };
      }),
    season: (userId, season): Promise<SeasonRead> =>
      inSnapshot(async (options) => {
        const live = { userId, count: { $gt: 0 }, month: { $in: [...season.months] } };
        const classRows = await classes.find(live, options).toArray();
        const destinationRows = await destinations.find(live, options).toArray();
        const warningRows = await warnings.find(live, options).toArray();
        const planDocument = await plans.findOne({ _id: plansId(userId, season.key) }, options);
        // The user's own grounds, and the teams' grounds their culls are on (a team's owner id is `team-<id>`).
        const teamGroundIds = [...new Set(classRows.map((row) => row.groundId).filter((id) => id !== ''))];
        const names = await groundNames
          .find({ $or: [{ userId }, { _id: { $in: teamGroundIds }, userId: /^team-/ }] }, options)
          .toArray();
        return {
          counts: classRows.map(seasonCountOf),
          destinations: sumByField(destinationRows, 'destination'),
          warnings: sumByField(warningRows, 'code'),
          outings: await outingSums(userId, season.months, options),
          plans: planDocument === null ? [] : StoredPlans.parse(planDocument.plans),
          groundNames: Object.fromEntries(names.map((row) => [row._id, row.name])),
          position: await readPosition(options.session),
        };
      }),
    teamSeason: (teamId, season): Promise<TeamSeasonRead> =>
      inSnapshot(async (options) => {
        const prefix = memberCounterPrefix(teamId);
        const ownerId = teamOwnerId(teamId);
        const classRows = await classes
          .find(
            { userId: startsWith(prefix), count: { $gt: 0 }, month: { $in: [...season.months] } },
            options,
          )
          .toArray();
        const byMember = new Map<string, MemberSeasonCounts>();
        for (const row of classRows) {
          const memberId = row.userId.slice(prefix.length);
          const member = byMember.get(memberId) ?? { memberId, counts: [] };
          member.counts.push(seasonCountOf(row));
          byMember.set(memberId, member);
        }
        const shares = await allocations.findOne({ _id: plansId(ownerId, season.key) }, options);
        const links = await memberLinks.find({ teamId }, options).sort({ memberId: 1 }).toArray();
        return {
          name: (await teamNames.findOne({ _id: ownerId }, options))?.name,
          members: [...byMember.values()].sort((a, b) => (a.memberId < b.memberId ? -1 : 1)),
          allocations: shares === null ? [] : StoredAllocations.parse(shares.allocations),
          links: links.map(({ memberId, userId, name }) => ({ memberId, userId, name })),
        };
      }),
  };
}

function sumBySpeciesAndSex(rows: readonly ClassDocument[]) {
  const sums = new Map<string, { species: string; sex: string; count: number }>();
  for (const { species, sex, count } of rows) {
    const id = `${species}\u0000${sex}`;
    const seen = sums.get(id);
    if (seen) seen.count += count;
    else sums.set(id, { species, sex, count });
  }
  return [...sums.values()];
}

/** Monthly counts summed by one of their fields (a destination, a warning's code). */
function sumByField<Field extends string>(
  rows: readonly (Record<Field, string> & { count: number })[],
  field: Field,
): Record<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row[field], (sums.get(row[field]) ?? 0) + row.count);
  return Object.fromEntries(sums);
}
