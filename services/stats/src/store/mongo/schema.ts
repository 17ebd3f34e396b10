import type { Db } from 'mongodb';
import type { MongoMigration } from '@cull-log/projection';
import { MIGRATIONS_TABLE } from '@cull-log/storage-kit';
import { countersOf, weightCountersOf, type CounterName } from '../stats-counters';
import { COUNTERS, cullWithoutId, statsCollections } from './documents';
import { moveCounters } from './writes';

/**
 * The stats collections' indexes and repairs, step by step; a change is a new step at the end. A database that has
 * no version yet runs step 1 once: the indexes, and the repairs that bring a database from an earlier version up to
 * date. Run again, step 1 changes nothing: `createIndex` is idempotent, the old seasons collection is dropped only
 * while it exists, and the culls are counted only into counters that are still empty, in a transaction.
 */
export const MONGO_STATS_MIGRATIONS: readonly MongoMigration[] = [
  {
    version: 1,
    does: 'the stats indexes; an older database loses its April seasons and gets the counters its culls were missing',
    up: indexAndRepair,
  },
  {
    version: 2,
    does: "teams: members' links by person and by team, teams' plans' shares by owner and season",
    async up(db) {
      const { memberLinks, allocations } = statsCollections(db);
      await memberLinks.createIndex({ userId: 1 });
      await memberLinks.createIndex({ teamId: 1 });
      await allocations.createIndex({ userId: 1, season: 1 });
    },
  },
  {
    version: 3,
    does:
      "the season's legal warnings by month (culls kept before count none until `npm run rebuild -w " +
      'services/stats`); a weight of 0 taken out of the averages',
    async up(db) {
      const { collection, key } = COUNTERS.warnings;
      await db
        .collection(collection)
        .createIndex(Object.fromEntries(key.map((field) => [field, 1])), { unique: true });
      await recountWeights(db);
    },
  },
];

/**
 * Culls of 0 kg were counted as weighed: every weighed count and weight is counted again from the culls kept, by the
 * rule that 0 is not a weight. In a transaction that also records step 3 as done, so that a second replica running
 * the step at the same time conflicts, then finds it done.
 */
async function recountWeights(db: Db): Promise<void> {
  const { culls, totals, classes } = statsCollections(db);
  const versions = db.collection<{ _id: string; version: number }>(MIGRATIONS_TABLE);
  const session = db.client.startSession();
  try {
    await session.withTransaction(async () => {
      if (((await versions.findOne({ _id: 'stats' }, { session }))?.version ?? 0) >= 3) return;
      const unweighed = { $set: { weighed: 0, weightGrams: 0 } };
      await totals.updateMany({}, unweighed, { session });
      await classes.updateMany({}, unweighed, { session });
      const kept = (await culls.find({}, { session }).toArray()).map(cullWithoutId);
      await moveCounters(db, weightCountersOf(kept), session);
      await versions.updateOne({ _id: 'stats' }, { $max: { version: 3 } }, { session, upsert: true });
    });
  } finally {
    await session.endSession();
  }
}

async function indexAndRepair(db: Db): Promise<void> {
  const { culls, groundNames, plans } = statsCollections(db);
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
  await countKeptCulls(db);
}

/**
 * A database written before a kind of counter existed holds culls but not those counters: count them. In a
 * transaction, so a second replica starting at the same time conflicts and then finds the counters there.
 */
async function countKeptCulls(db: Db): Promise<void> {
  const { culls, totals, classes } = statsCollections(db);
  const session = db.client.startSession();
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
        db,
        countersOf(kept).filter((change) => wanted.has(change.counter)),
        session,
      );
    });
  } finally {
    await session.endSession();
  }
}
