import type { ClientSession, Db } from 'mongodb';
import { MANAGEMENT_EVENT_TYPES, teamOwnerId, type StoredLogEvent } from '@cull-log/contracts';
import { mongoGroundsAndSettings, replaceOrDelete } from '@cull-log/projection';
import { createCounterSum, type CounterChange } from '../stats-counters';
import { applyStatsEvents, removeCulls, type StatsRows } from '../stats-read-model';
import type { CullFacts, OutingFacts } from '../stats-store';
import {
  COUNTERS,
  cullWithoutId,
  memberLinkId,
  plansId,
  statsCollections,
  type AllocationsDocument,
  type CullDocument,
  type MemberLinkDocument,
  type TeamNameDocument,
  type OutingDocument,
  type PlansDocument,
} from './documents';

/** Writes counter moves, each added to its counter's document (created at the move when the document is new). */
export async function moveCounters(
  db: Db,
  changes: readonly CounterChange[],
  session: ClientSession,
): Promise<void> {
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

/**
 * Takes a user's culls on teams' grounds out of the teams' figures as their account is erased, in the erasure's
 * transaction (see the SQLite store's eraseTeamCulls): each team counts them again from the facts it kept.
 */
export async function eraseTeamCulls(
  db: Db,
  userId: string,
  session: ClientSession,
  limit: number,
): Promise<number> {
  const { culls } = statsCollections(db);
  const counters = createCounterSum();
  const onTeams = await culls.find({ userId, teamId: { $ne: null } }, { session, limit }).toArray();
  for (const document of onTeams) counters.move(cullWithoutId(document), undefined);
  await moveCounters(db, counters.changes(), session);
  // Gone with the move, so that an erasure run again does not take them out twice.
  await culls.deleteMany({ _id: { $in: onTeams.map((document) => document._id) } }, { session });
  return onTeams.length;
}

/**
 * Takes the user's culls past retention out of the figures (see removeCulls), in the given transaction: their facts
 * and their outings' read at once, the logic in memory, then one write of each. Answers how many it took out.
 */
export async function removeRetainedCulls(
  db: Db,
  userId: string,
  streamIds: readonly string[],
  session: ClientSession,
): Promise<number> {
  const { culls, outings } = statsCollections(db);
  const loaded = await culls.find({ _id: { $in: [...streamIds] }, userId }, { session }).toArray();
  if (loaded.length === 0) return 0;
  const cullRows = new Map<string, CullFacts | undefined>(
    loaded.map((document) => [document._id, cullWithoutId(document)]),
  );
  const outingIds = loaded.flatMap((document) =>
    typeof document.outingId === 'string' ? [document.outingId] : [],
  );
  const outingRows = new Map<string, OutingFacts | undefined>(
    (await outings.find({ _id: { $in: outingIds } }, { session }).toArray()).map(({ _id, ...facts }) => [
      _id,
      facts,
    ]),
  );
  const touchedOutings = new Set<string>();
  const counters = createCounterSum();
  const removed = removeCulls(
    {
      cull: (streamId) => cullRows.get(streamId),
      putCull: (streamId, facts) => void cullRows.set(streamId, facts),
      outing: (streamId) => outingRows.get(streamId),
      putOuting: (streamId, facts) => {
        outingRows.set(streamId, facts);
        touchedOutings.add(streamId);
      },
    },
    counters,
    userId,
    streamIds,
  );
  await culls.bulkWrite(replaceOrDelete<CullDocument>(cullRows), { session });
  const outingWrites = replaceOrDelete<OutingDocument>(
    [...touchedOutings].map((id) => [id, outingRows.get(id)] as const),
  );
  if (outingWrites.length > 0) await outings.bulkWrite(outingWrites, { session });
  await moveCounters(db, counters.changes(), session);
  return removed;
}

/**
 * The stats projection's change for a batch of events, inside the batch's transaction: one read of the batch's culls
 * and outings (and of the culls already placed in an outing the batch starts), the event logic over them in memory,
 * then one write of each row and each counter.
 */
export function statsWrites(db: Db) {
  const { culls, outings, settings, plans, groundNames, memberLinks, teamNames, allocations } =
    statsCollections(db);
  return async function writeEvents(
    events: readonly StoredLogEvent[],
    session: ClientSession,
  ): Promise<void> {
    const streamIds = [...new Set(events.map((event) => event.streamId))];
    const placedIn = [
      ...new Set(
        events.flatMap((event) => ('data' in event && hasOutingId(event.data) ? [event.data.outing_id] : [])),
      ),
    ];
    // A ground moved into a team brings its culls, whoever's they are: they are loaded with their shooters' links.
    const movedGrounds = events
      .filter((event) => event.type === MANAGEMENT_EVENT_TYPES.groundMoved)
      .map((event) => event.streamId);
    const loadedCulls = await culls
      .find(
        movedGrounds.length === 0
          ? { _id: { $in: streamIds } }
          : { $or: [{ _id: { $in: streamIds } }, { groundId: { $in: movedGrounds } }] },
        { session },
      )
      .toArray();
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
    // The owners of the grounds the batch places culls on, and the batch's shooters' team links, for the culls on a
    // team's ground; the batch's own ground and link events are laid over them as they apply.
    const placedOn = [
      ...new Set(
        events.flatMap((event) =>
          event.type === MANAGEMENT_EVENT_TYPES.cullPlaced && event.data.ground_id !== null
            ? [event.data.ground_id]
            : [],
        ),
      ),
    ];
    const owners = new Map(
      (await groundNames.find({ _id: { $in: placedOn } }, { session }).toArray()).map((ground) => [
        ground._id,
        ground.userId,
      ]),
    );
    const shooters = [
      ...new Set([...events.map((event) => event.userId), ...loadedCulls.map((document) => document.userId)]),
    ];
    const links = new Map(
      (await memberLinks.find({ userId: { $in: shooters } }, { session }).toArray()).map((link) => [
        link._id,
        link.memberId,
      ]),
    );
    const linkWrites = new Map<string, MemberLinkDocument>();
    const teamNameWrites = new Map<string, TeamNameDocument>();
    const allocationWrites = new Map<string, AllocationsDocument>();
    const touchedOutings = new Set<string>();
    const planWrites = new Map<string, PlansDocument>();
    const groundsAndSettings = mongoGroundsAndSettings({ groundNames, settings });

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
      ...groundsAndSettings.rows,
      putGroundName: (streamId, userId, name) => {
        owners.set(streamId, userId);
        groundsAndSettings.rows.putGroundName(streamId, userId, name);
      },
      groundOwner: (groundId) => owners.get(groundId),
      memberLink: (userId, teamId) => links.get(memberLinkId(userId, teamId)),
      putMemberLink: ({ userId, teamId, memberId, name }) => {
        const _id = memberLinkId(userId, teamId);
        links.set(_id, memberId);
        linkWrites.set(_id, { _id, userId, teamId, memberId, name });
      },
      putTeamName: (teamId, name) => {
        const ownerId = teamOwnerId(teamId);
        teamNameWrites.set(ownerId, { _id: ownerId, userId: ownerId, name });
      },
      putAllocations: (ownerId, season, shares) =>
        void allocationWrites.set(plansId(ownerId, season), {
          _id: plansId(ownerId, season),
          userId: ownerId,
          season,
          allocations: shares,
        }),
      cull: (streamId) => cullRows.get(streamId),
      putCull: (streamId, facts) => void cullRows.set(streamId, facts),
      outing: (streamId) => outingRows.get(streamId),
      putOuting: (streamId, facts) => {
        outingRows.set(streamId, facts);
        touchedOutings.add(streamId);
      },
      cullsOnGround: (groundId) =>
        [...cullRows].flatMap(([streamId, facts]) => (facts?.groundId === groundId ? [streamId] : [])),
      cullsOnOuting: (outingId) =>
        (keptOnOuting.get(outingId) ?? 0) +
        [...cullRows.values()].filter((facts) => facts?.outingId === outingId).length,
      putPlans: (userId, season, seasonPlans) =>
        void planWrites.set(plansId(userId, season), {
          _id: plansId(userId, season),
          userId,
          season,
          plans: seasonPlans,
        }),
    };
    const counters = createCounterSum();
    applyStatsEvents(rows, counters, events);

    const cullWrites = replaceOrDelete<CullDocument>(cullRows);
    if (cullWrites.length > 0) await culls.bulkWrite(cullWrites, { session });
    const outingWrites = replaceOrDelete<OutingDocument>(
      [...touchedOutings].map((id) => [id, outingRows.get(id)] as const),
    );
    if (outingWrites.length > 0) await outings.bulkWrite(outingWrites, { session });
    for (const { _id, ...document } of planWrites.values()) {
      await plans.replaceOne({ _id }, document, { upsert: true, session });
    }
    for (const { _id, ...document } of allocationWrites.values()) {
      await allocations.replaceOne({ _id }, document, { upsert: true, session });
    }
    for (const { _id, ...document } of linkWrites.values()) {
      await memberLinks.replaceOne({ _id }, document, { upsert: true, session });
    }
    for (const { _id, ...document } of teamNameWrites.values()) {
      await teamNames.replaceOne({ _id }, document, { upsert: true, session });
    }
    await groundsAndSettings.write(session);
    await moveCounters(db, counters.changes(), session);
  };
}

function hasOutingId(data: unknown): data is { outing_id: string } {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { outing_id?: unknown }).outing_id === 'string'
  );
}
