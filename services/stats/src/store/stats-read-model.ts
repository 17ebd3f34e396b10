import { isCullEvent, MANAGEMENT_EVENT_TYPES, type Plan, type StoredLogEvent } from '@cull-log/contracts';
import { applyGroundOrSettingsEvent, type GroundsAndSettingsRows } from '@cull-log/projection';
import { nextFacts } from './cull-facts';
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
  putPlans(userId: string, season: string, plans: Plan[]): void;
}

/** Moves an outing's live cull count by `by`, with its figures; an outing not (or no longer) kept is left alone. */
function countOnOuting(rows: StatsRows, counters: CounterSum, outingId: string | null, by: 1 | -1): void {
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

/** Applies a batch's events, in order, to the rows and the counter sum. Events the figures do not need pass by. */
export function applyStatsEvents(
  rows: StatsRows,
  counters: CounterSum,
  events: readonly StoredLogEvent[],
): void {
  for (const event of events) {
    if (applyGroundOrSettingsEvent(rows, event)) continue;
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
      default:
        applyCullEvent(rows, counters, event);
    }
  }
}
