import {
  isCullEvent,
  MANAGEMENT_EVENT_TYPES,
  TEAM_EVENT_TYPES,
  teamOfOwner,
  type Plan,
  type StoredLogEvent,
  type TeamCullsKept,
} from '@cull-log/contracts';
import type { MemberAllocation } from '@cull-log/domain';
import { applyGroundOrSettingsEvent, type GroundsAndSettingsRows } from '@cull-log/projection';
import { nextFacts, warningInputsOf } from './cull-facts';
import type { CounterSum } from './stats-counters';
import type { CullFacts, OutingFacts } from './stats-store';

/**
 * The rows the stats projection keeps beside its counters, as the event logic reads and writes them. SQLite
 * answers each from its tables inside the write transaction; MongoDB from what it loaded for the batch.
 */
export interface StatsRows extends GroundsAndSettingsRows {
  cull(streamId: string): CullFacts | undefined;
  putCull(streamId: string, facts: CullFacts | undefined): void;
  outing(streamId: string): OutingFacts | undefined;
  putOuting(streamId: string, facts: OutingFacts | undefined): void;
  /** Live culls placed in an outing, as the rows stand now. */
  cullsOnOuting(outingId: string): number;
  /** The stream ids of the live culls on a ground, as the rows stand now (a ground moved into a team takes them). */
  cullsOnGround(groundId: string): string[];
  putPlans(userId: string, season: string, plans: Plan[]): void;
  /** A team plan's shares of a season (`ownerId` the team's owner id). */
  putAllocations(ownerId: string, season: string, allocations: MemberAllocation[]): void;
  /** The owner of a ground (a user id, or a team's owner id); undefined for a ground not kept. */
  groundOwner(groundId: string): string | undefined;
  /** The member id the user is linked to the team by; undefined when never linked (or erased). */
  memberLink(userId: string, teamId: string): string | undefined;
  putMemberLink(link: { userId: string; teamId: string; memberId: string; name: string }): void;
  putTeamName(teamId: string, name: string): void;
}

/**
 * The cull's next facts with the team it counts for: where its ground is unchanged, the team and member it counted
 * under before (so a change moves exactly those counters); on a newly placed ground, its owner's team (if a team owns
 * it) and the shooter's member id there.
 */
function withTeam(rows: StatsRows, current: CullFacts | undefined, next: CullFacts): CullFacts {
  if (current !== undefined && current.groundId === next.groundId) {
    return { ...next, teamId: current.teamId, memberId: current.memberId };
  }
  const owner = next.groundId === null ? undefined : rows.groundOwner(next.groundId);
  const teamId = owner === undefined ? undefined : teamOfOwner(owner);
  if (teamId === undefined) return { ...next, teamId: null, memberId: null };
  return { ...next, teamId, memberId: rows.memberLink(next.userId, teamId) ?? null };
}

/** Moves an outing's live cull count by `by`, with its figures; an outing not (or no longer) kept is left alone. */
function countOnOuting(
  rows: Pick<StatsRows, 'outing' | 'putOuting'>,
  counters: CounterSum,
  outingId: string | null,
  by: 1 | -1,
): void {
  if (outingId === null) return;
  const outing = rows.outing(outingId);
  if (outing === undefined) return;
  const next = { ...outing, cullCount: outing.cullCount + by };
  rows.putOuting(outingId, next);
  counters.moveOuting(outing, next);
}

function applyCullEvent(rows: StatsRows, counters: CounterSum, event: StoredLogEvent): void {
  const current = rows.cull(event.streamId);
  let next: CullFacts | undefined;
  if (event.type === MANAGEMENT_EVENT_TYPES.cullPlaced) {
    next = current && { ...current, groundId: event.data.ground_id, outingId: event.data.outing_id };
  } else if (isCullEvent(event)) {
    next = nextFacts(current, event);
  } else {
    return;
  }
  if (next !== undefined) next = withTeam(rows, current, next);
  rows.putCull(event.streamId, next);
  counters.move(current, next);
  if (current?.outingId !== next?.outingId || (current === undefined) !== (next === undefined)) {
    countOnOuting(rows, counters, current?.outingId ?? null, -1);
    countOnOuting(rows, counters, next?.outingId ?? null, 1);
  }
}

function applyOutingEvent(rows: StatsRows, counters: CounterSum, event: StoredLogEvent): void {
  const current = rows.outing(event.streamId);
  let next: OutingFacts | undefined;
  switch (event.type) {
    case MANAGEMENT_EVENT_TYPES.outingStarted:
      // Counted from the culls, not from zero, so a placement delivered before its outing still counts.
      next = {
        userId: event.userId,
        startedAt: event.data.started_at,
        endedAt: event.data.ended_at ?? null,
        cullCount: rows.cullsOnOuting(event.streamId),
      };
      break;
    case MANAGEMENT_EVENT_TYPES.outingEnded:
      next = current && { ...current, endedAt: event.data.ended_at };
      break;
    case MANAGEMENT_EVENT_TYPES.outingAmended: {
      const { started_at: startedAt, ended_at: endedAt } = event.data.changes;
      next = current && {
        ...current,
        ...(startedAt !== undefined && { startedAt }),
        ...(endedAt !== undefined && { endedAt }),
      };
      break;
    }
    case MANAGEMENT_EVENT_TYPES.outingDeleted:
      next = undefined;
      break;
    default:
      return;
  }
  rows.putOuting(event.streamId, next);
  counters.moveOuting(current, next);
}

/**
 * A ground moved into a team brings its records: each cull on it counts for the team from now on, under its shooter's
 * member id there, as if recorded on a team ground.
 */
function takeIntoTeam(rows: StatsRows, counters: CounterSum, groundId: string): void {
  const owner = rows.groundOwner(groundId);
  const teamId = owner === undefined ? undefined : teamOfOwner(owner);
  if (teamId === undefined) return;
  for (const streamId of rows.cullsOnGround(groundId)) {
    const current = rows.cull(streamId);
    if (current === undefined || current.teamId === teamId) continue;
    const next = { ...current, teamId, memberId: rows.memberLink(current.userId, teamId) ?? null };
    rows.putCull(streamId, next);
    counters.move(current, next);
  }
}

/**
 * The culls a team kept of a member who erased their account: the team's own from now on, counted for the team and
 * under the member id they had, as their own culls were until the erasure took those out (see `eraseTeamCulls`). A
 * rebuild from the log, which no longer holds the member's events, counts them the same way.
 */
function keepCulls(rows: StatsRows, counters: CounterSum, event: StoredLogEvent & TeamCullsKept): void {
  const teamId = teamOfOwner(event.userId);
  if (teamId === undefined) return;
  for (const kept of event.data.culls) {
    if (rows.cull(kept.id) !== undefined) continue;
    const facts: CullFacts = {
      userId: event.userId,
      species: kept.species,
      sex: kept.sex,
      date: kept.date,
      weightGrams: kept.weight === undefined ? null : Math.round(kept.weight * 1000),
      ageEstimate: kept.age_estimate,
      destination: kept.carcass_destination ?? null,
      groundId: kept.ground_id,
      outingId: null,
      teamId,
      memberId: event.data.member_id,
      // The team kept no coordinates: the night is worked out for the centre of England.
      warningFacts: warningInputsOf(kept),
    };
    rows.putCull(kept.id, facts);
    counters.move(undefined, facts);
  }
}

/** Applies a batch's events, in order, to the rows and the counter sum. Events the figures do not need pass by. */
export function applyStatsEvents(
  rows: StatsRows,
  counters: CounterSum,
  events: readonly StoredLogEvent[],
): void {
  for (const event of events) {
    if (applyGroundOrSettingsEvent(rows, event)) {
      if (event.type === MANAGEMENT_EVENT_TYPES.groundMoved) takeIntoTeam(rows, counters, event.streamId);
      continue;
    }
    switch (event.type) {
      case MANAGEMENT_EVENT_TYPES.outingStarted:
      case MANAGEMENT_EVENT_TYPES.outingEnded:
      case MANAGEMENT_EVENT_TYPES.outingAmended:
      case MANAGEMENT_EVENT_TYPES.outingDeleted:
        applyOutingEvent(rows, counters, event);
        break;
      case MANAGEMENT_EVENT_TYPES.plansSet:
        rows.putPlans(event.userId, event.data.season, event.data.plans);
        break;
      case TEAM_EVENT_TYPES.cullsKept:
        keepCulls(rows, counters, event);
        break;
      case TEAM_EVENT_TYPES.keptCullsRemoved:
        // Past retention: out of the team's figures as if never kept, as a rebuild from the log (which no longer holds them) counts.
        removeCulls(rows, counters, event.userId, event.data.ids);
        break;
      case TEAM_EVENT_TYPES.plansAllocated:
        rows.putAllocations(event.userId, event.data.season, event.data.allocations);
        break;
      case TEAM_EVENT_TYPES.memberLinked:
        rows.putMemberLink({
          userId: event.userId,
          teamId: event.data.team_id,
          memberId: event.data.member_id,
          name: event.data.name,
        });
        break;
      case TEAM_EVENT_TYPES.teamCreated:
      case TEAM_EVENT_TYPES.teamRenamed:
        rows.putTeamName(event.streamId, event.data.name);
        break;
      default:
        applyCullEvent(rows, counters, event);
    }
  }
}

/**
 * Takes these culls of the user's out of every figure they count in (the user's, a team's and its member's, their
 * outing's), as if they had never been recorded: the records service removed them past retention, with their events,
 * so a rebuild from the log counts the same. A cull of another user's, or one no longer kept, is left alone. Answers
 * how many it took out.
 */
export function removeCulls(
  rows: Pick<StatsRows, 'cull' | 'putCull' | 'outing' | 'putOuting'>,
  counters: CounterSum,
  userId: string,
  streamIds: readonly string[],
): number {
  let removed = 0;
  for (const streamId of new Set(streamIds)) {
    const current = rows.cull(streamId);
    if (current === undefined || current.userId !== userId) continue;
    rows.putCull(streamId, undefined);
    counters.move(current, undefined);
    countOnOuting(rows, counters, current.outingId, -1);
    removed += 1;
  }
  return removed;
}
