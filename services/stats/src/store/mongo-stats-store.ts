import type { ClientSession } from 'mongodb';
import type { StoredEvent } from '@cull-log/contracts';
import { connectMongoProjection } from '@cull-log/projection';
import { nextFacts } from './cull-facts';
import { nestCounts } from './nest-counts';
import { countersOf, createCounterSum, type CounterChange } from './stats-counters';
import type { CullFacts, StatsAggregates, StatsStore, StatsWindow } from './stats-store';

interface CullDocument extends CullFacts {
  _id: string;
}

/** Each counter's collection and the fields that key it (a unique index). */
const COUNTERS = {
  totals: { collection: 'stats_totals', key: ['userId'] },
  species: { collection: 'stats_species', key: ['userId', 'species'] },
  months: { collection: 'stats_months', key: ['userId', 'month'] },
  seasons: { collection: 'stats_seasons', key: ['userId', 'season', 'species', 'sex'] },
} as const satisfies Record<CounterChange['counter'], { collection: string; key: readonly string[] }>;

interface TotalsDocument {
  userId: string;
  total: number;
  weighed: number;
  weightGrams: number;
}
interface CountDocument {
  userId: string;
  species: string;
  sex: string;
  month: string;
  season: string;
  count: number;
}

/** The stats projection in MongoDB (a replica set: every event is applied in one transaction). */
export async function connectMongoStatsStore({
  url,
  dbName,
}: {
  url: string;
  dbName: string;
}): Promise<StatsStore> {
  const projection = await connectMongoProjection({
    url,
    dbName,
    name: 'stats',
    readModelCollections: ['stats_culls', ...Object.values(COUNTERS).map((counter) => counter.collection)],
  });
  const { client, db, readPosition } = projection;
  const culls = db.collection<CullDocument>('stats_culls');
  for (const { collection, key } of Object.values(COUNTERS)) {
    await db
      .collection(collection)
      .createIndex(Object.fromEntries(key.map((field) => [field, 1])), { unique: true });
  }

  async function moveCounters(changes: readonly CounterChange[], session: ClientSession): Promise<void> {
    for (const [counter, { collection }] of Object.entries(COUNTERS)) {
      const moves = changes.filter((change) => change.counter === counter);
      if (moves.length === 0) continue;
      await db.collection(collection).bulkWrite(
        moves.map((change) => ({
          updateOne: { filter: change.key, update: { $inc: change.by }, upsert: true },
        })),
        { session },
      );
    }
  }

  const totals = db.collection<TotalsDocument>(COUNTERS.totals.collection);
  const counts = (counter: 'species' | 'months' | 'seasons') =>
    db.collection<CountDocument>(COUNTERS[counter].collection);

  // A database written before the counters existed holds culls but no totals: count them once. In a
  // transaction, so a second replica starting at the same time conflicts and then finds the totals there.
  const session = client.startSession();
  try {
    await session.withTransaction(async () => {
      if ((await totals.findOne({}, { session })) !== null) return;
      const kept = await culls.find({}, { session }).toArray();
      await moveCounters(countersOf(kept.map(withoutId)), session);
    });
  } finally {
    await session.endSession();
  }

  // One read of the batch's culls, one write of each, and each counter once with the sum of the batch's moves.
  async function writeFacts(events: readonly StoredEvent[], session: ClientSession): Promise<void> {
    const streamIds = [...new Set(events.map((event) => event.streamId))];
    const stored = await culls.find({ _id: { $in: streamIds } }, { session }).toArray();
    const facts = new Map<string, CullFacts | undefined>(
      stored.map((document) => [document._id, withoutId(document)]),
    );
    const counters = createCounterSum();
    for (const event of events) {
      const current = facts.get(event.streamId);
      const next = nextFacts(current, event);
      facts.set(event.streamId, next);
      counters.move(current, next);
    }
    await culls.bulkWrite(
      [...facts].map(([streamId, next]) =>
        next === undefined
          ? { deleteOne: { filter: { _id: streamId } } }
          : { replaceOne: { filter: { _id: streamId }, replacement: next, upsert: true } },
      ),
      { session },
    );
    await moveCounters(counters.changes(), session);
  }

  return {
    ...projection.projectionStore(writeFacts),
    async aggregates({ userId, months, season }: StatsWindow): Promise<StatsAggregates> {
      const snapshot = client.startSession({ snapshot: true });
      try {
        const options = { session: snapshot };
        const live = { userId, count: { $gt: 0 } };
        const sums = await totals.findOne({ userId }, options);
        const species = await counts('species').find(live, options).toArray();
        const perMonth = await counts('months')
          .find({ ...live, month: { $in: [...months] } }, options)
          .toArray();
        const seasonCounts = await counts('seasons')
          .find({ ...live, season }, options)
          .toArray();
        return {
          total: sums?.total ?? 0,
          weightGrams: sums?.weightGrams ?? 0,
          weighed: sums?.weighed ?? 0,
          speciesCounts: Object.fromEntries(species.map((row) => [row.species, row.count])),
          perMonth: Object.fromEntries(perMonth.map((row) => [row.month, row.count])),
          seasonSpeciesBySex: nestCounts(seasonCounts),
          position: await readPosition(snapshot),
        };
      } finally {
        await snapshot.endSession();
      }
    },
  };
}

function withoutId({ _id: _ignored, ...facts }: CullDocument): CullFacts {
  return facts;
}
