import type { ClientSession } from 'mongodb';
import {
  DEFAULT_SEASON_START,
  MANAGEMENT_EVENT_TYPES,
  Plan,
  SeasonStart,
  type StoredLogEvent,
} from '@cull-log/contracts';
import { connectMongoProjection, followsEverything } from '@cull-log/projection';
import { z } from 'zod';
import { nestCounts } from './nest-counts';
import { countersOf, createCounterSum, type CounterChange, type CounterName } from './stats-counters';
import { applyStatsEvents, type StatsRows } from './stats-read-model';
import type {
  CullFacts,
  OutingFacts,
  SeasonCount,
  SeasonRead,
  StatsAggregates,
  StatsStore,
  StatsWindow,
} from './stats-store';

interface CullDocument extends CullFacts {
  _id: string;
}
interface OutingDocument extends OutingFacts {
  _id: string;
}

/** Each counter's collection and the fields that key it (a unique index). */
const COUNTERS = {
  totals: { collection: 'stats_totals', key: ['userId'] },
  species: { collection: 'stats_species', key: ['userId', 'species'] },
  months: { collection: 'stats_months', key: ['userId', 'month'] },
  classes: {
    collection: 'stats_class_months',
    key: ['userId', 'month', 'groundId', 'species', 'sex', 'young'],
  },
  destinations: { collection: 'stats_destination_months', key: ['userId', 'month', 'destination'] },
  outings: { collection: 'stats_outing_months', key: ['userId', 'month'] },
} as const satisfies Record<CounterName, { collection: string; key: readonly string[] }>;

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
  count: number;
}
interface ClassDocument extends CountDocument {
  groundId: string;
  young: number;
  weighed: number;
  weightGrams: number;
}
interface DestinationDocument {
  userId: string;
  month: string;
  destination: string;
  count: number;
}
interface OutingMonthDocument {
  userId: string;
  month: string;
  outings: number;
  blank: number;
  durationMs: number;
  deer: number;
}
interface SettingsDocument {
  _id: string;
  userId: string;
  seasonStart: string;
}
interface PlansDocument {
  _id: string;
  userId: string;
  season: string;
  plans: unknown;
}
interface GroundNameDocument {
  _id: string;
  userId: string;
  name: string;
}

const StoredPlans = z.array(Plan);

/** The stats projection in MongoDB (a replica set: every batch is applied in one transaction). */
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
    readModelCollections: [
      'stats_culls',
      'stats_outings',
      'stats_settings',
      'stats_plans',
      'stats_ground_names',
      ...Object.values(COUNTERS).map((counter) => counter.collection),
    ],
  });
  const { client, db, readPosition } = projection;
  const culls = db.collection<CullDocument>('stats_culls');
  const outings = db.collection<OutingDocument>('stats_outings');
  const settings = db.collection<SettingsDocument>('stats_settings');
  const plans = db.collection<PlansDocument>('stats_plans');
  const groundNames = db.collection<GroundNameDocument>('stats_ground_names');
  for (const { collection, key } of Object.values(COUNTERS)) {
    await db
      .collection(collection)
      .createIndex(Object.fromEntries(key.map((field) => [field, 1])), { unique: true });
  }
  await culls.createIndex({ outingId: 1 }, { partialFilterExpression: { outingId: { $type: 'string' } } });
  // Seasons were counted by April season before they followed the user's start: that collection is gone, so that
  // neither a stale figure nor an erased user's counts stay behind in it.
  await db
    .collection('stats_seasons')
    .drop()
    .catch(() => undefined);
  await groundNames.createIndex({ userId: 1 });
  await plans.createIndex({ userId: 1, season: 1 });

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
  const counts = (counter: 'species' | 'months') =>
    db.collection<CountDocument>(COUNTERS[counter].collection);
  const classes = db.collection<ClassDocument>(COUNTERS.classes.collection);
  const destinations = db.collection<DestinationDocument>(COUNTERS.destinations.collection);
  const outingMonths = db.collection<OutingMonthDocument>(COUNTERS.outings.collection);

  // A database written before a kind of counter existed holds culls but not those counters: count them once. In a
  // transaction, so a second replica starting at the same time conflicts and then finds the counters there.
  const session = client.startSession();
  try {
    await session.withTransaction(async () => {
      const hasTotals = (await totals.findOne({}, { session })) !== null;
      const hasClasses = (await classes.findOne({}, { session })) !== null;
      if (hasTotals && hasClasses) return;
      const kept = (await culls.find({}, { session }).toArray()).map(cullWithoutId);
      const wanted = new Set<CounterName>(
        hasTotals ? ['classes', 'destinations'] : ['totals', 'species', 'months', 'classes', 'destinations'],
      );
      await moveCounters(
        countersOf(kept).filter((change) => wanted.has(change.counter)),
        session,
      );
    });
  } finally {
    await session.endSession();
  }

  /**
   * One read of the batch's culls and outings (and of the culls already placed in an outing the batch starts), the
   * event logic over them in memory, then one write of each row and each counter.
   */
  async function writeEvents(events: readonly StoredLogEvent[], session: ClientSession): Promise<void> {
    const streamIds = [...new Set(events.map((event) => event.streamId))];
    const placedIn = [
      ...new Set(
        events.flatMap((event) => ('data' in event && hasOutingId(event.data) ? [event.data.outing_id] : [])),
      ),
    ];
    const loadedCulls = await culls.find({ _id: { $in: streamIds } }, { session }).toArray();
    const cullRows = new Map<string, CullFacts | undefined>(
      loadedCulls.map((document) => [document._id, cullWithoutId(document)]),
    );
    // Every outing the batch may count a cull on or off: its own, those placed in, and those its culls were in.
    const outingIds = [
      ...streamIds,
      ...placedIn,
      ...loadedCulls.flatMap((document) =>
        typeof document.outingId === 'string' ? [document.outingId] : [],
      ),
    ];
    const loadedOutings = await outings.find({ _id: { $in: outingIds } }, { session }).toArray();
    const outingRows = new Map<string, OutingFacts | undefined>(
      loadedOutings.map(({ _id, ...facts }) => [_id, facts]),
    );
    const touchedOutings = new Set<string>();
    const settingsWrites = new Map<string, string>();
    const planWrites = new Map<string, PlansDocument>();
    const groundWrites = new Map<string, GroundNameDocument>();

    // Culls on an outing the batch starts: those kept in the database that the batch does not touch, plus the
    // batch's own (its rows are all in memory).
    const startedOutings = events
      .filter((event) => event.type === MANAGEMENT_EVENT_TYPES.outingStarted)
      .map((event) => event.streamId);
    const keptOnOuting = new Map<string, number>();
    for (const outingId of startedOutings) {
      keptOnOuting.set(
        outingId,
        await culls.countDocuments({ outingId, _id: { $nin: streamIds } }, { session }),
      );
    }

    const rows: StatsRows = {
      cull: (streamId) => cullRows.get(streamId),
      putCull: (streamId, facts) => void cullRows.set(streamId, facts),
      outing: (streamId) => outingRows.get(streamId),
      putOuting: (streamId, facts) => {
        outingRows.set(streamId, facts);
        touchedOutings.add(streamId);
      },
      cullsOnOuting: (outingId) =>
        (keptOnOuting.get(outingId) ?? 0) +
        [...cullRows.values()].filter((facts) => facts?.outingId === outingId).length,
      putSeasonStart: (userId, seasonStart) => void settingsWrites.set(userId, seasonStart),
      putPlans: (userId, season, seasonPlans) =>
        void planWrites.set(`${userId}\u0000${season}`, {
          _id: `${userId}\u0000${season}`,
          userId,
          season,
          plans: seasonPlans,
        }),
      putGroundName: (streamId, userId, name) =>
        void groundWrites.set(streamId, { _id: streamId, userId, name }),
    };
    const counters = createCounterSum();
    applyStatsEvents(rows, counters, events);

    const replaceAll = <T extends { _id: string }>(
      rowsById: Iterable<[string, Omit<T, '_id'> | undefined]>,
    ) =>
      [...rowsById].map(([id, next]) =>
        next === undefined
          ? { deleteOne: { filter: { _id: id } } }
          : { replaceOne: { filter: { _id: id }, replacement: next, upsert: true } },
      );
    const cullWrites = replaceAll<CullDocument>(cullRows);
    if (cullWrites.length > 0) await culls.bulkWrite(cullWrites as never, { session });
    const outingWrites = replaceAll<OutingDocument>(
      [...touchedOutings].map((id) => [id, outingRows.get(id)] as [string, OutingFacts | undefined]),
    );
    if (outingWrites.length > 0) await outings.bulkWrite(outingWrites as never, { session });
    for (const [userId, seasonStart] of settingsWrites) {
      await settings.replaceOne({ _id: userId }, { userId, seasonStart }, { upsert: true, session });
    }
    for (const { _id, ...document } of planWrites.values()) {
      await plans.replaceOne({ _id }, document, { upsert: true, session });
    }
    for (const { _id, ...document } of groundWrites.values()) {
      await groundNames.replaceOne({ _id }, document, { upsert: true, session });
    }
    await moveCounters(counters.changes(), session);
  }

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
    ...projection.projectionStore(writeEvents, followsEverything),
    async seasonStart(userId) {
      const found = await settings.findOne({ _id: userId });
      return SeasonStart.catch(DEFAULT_SEASON_START).parse(found?.seasonStart ?? DEFAULT_SEASON_START);
    },
    aggregates: ({ userId, months, seasonMonths }: StatsWindow): Promise<StatsAggregates> =>
      inSnapshot(async (options) => {
        const live = { userId, count: { $gt: 0 } };
        const sums = await totals.findOne({ userId }, options);
        const species = await counts('species').find(live, options).toArray();
        const perMonth = await counts('months')
          .find({ ...live, month: { $in: [...months] } }, options)
          .toArray();
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
          position: await readPosition(options.session),
        };
      }),
    season: (userId, season): Promise<SeasonRead> =>
      inSnapshot(async (options) => {
        const live = { userId, count: { $gt: 0 }, month: { $in: [...season.months] } };
        const classRows = await classes.find(live, options).toArray();
        const destinationRows = await destinations.find(live, options).toArray();
        const planDocument = await plans.findOne({ _id: `${userId}\u0000${season.key}` }, options);
        const names = await groundNames.find({ userId }, options).toArray();
        const byDestination = new Map<string, number>();
        for (const row of destinationRows)
          byDestination.set(row.destination, (byDestination.get(row.destination) ?? 0) + row.count);
        return {
          counts: classRows.map((row): SeasonCount => ({
            month: row.month,
            ground_id: row.groundId === '' ? null : row.groundId,
            species: row.species,
            sex: row.sex,
            young: row.young === 1,
            count: row.count,
            weighed: row.weighed,
            weightGrams: row.weightGrams,
          })),
          destinations: Object.fromEntries(byDestination),
          outings: await outingSums(userId, season.months, options),
          plans: planDocument === null ? [] : StoredPlans.parse(planDocument.plans),
          groundNames: Object.fromEntries(names.map((row) => [row._id, row.name])),
          position: await readPosition(options.session),
        };
      }),
  };
}

function hasOutingId(data: unknown): data is { outing_id: string } {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { outing_id?: unknown }).outing_id === 'string'
  );
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

/** A kept cull's facts; one kept before grounds and plans has no age, destination, ground or outing. */
function cullWithoutId({ _id: _ignored, ...facts }: CullDocument): CullFacts {
  return {
    ...facts,
    ageEstimate: facts.ageEstimate ?? '',
    destination: facts.destination ?? null,
    groundId: facts.groundId ?? null,
    outingId: facts.outingId ?? null,
  };
}
