import type { Db } from 'mongodb';
import type { MongoMigration } from '@cull-log/projection';
import { countersOf, type CounterName } from '../stats-counters';
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
];

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
