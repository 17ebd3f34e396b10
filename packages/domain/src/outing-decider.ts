import {
  DEFAULT_HUNTERS,
  MANAGEMENT_EVENT_TYPES,
  type AmendOutingRequest,
  type CommandMeta,
  type Outing,
  type OutingEvent,
  type OutingSightingItem,
} from '@cull-log/contracts';
import { amendmentRefused, eventEnvelope, type Decider, type Decision } from './decider';
import type { AbsentStream, LiveStream } from './stream-state';

const T = MANAGEMENT_EVENT_TYPES;

/** What one outing's stream has come to. */
export type OutingState =
  | AbsentStream
  | LiveStream<{
      ownerId: string;
      groundId: string;
      startedAt: string;
      endedAt: string | null;
      notes: string | null;
      /** People out: 1 until told otherwise. */
      hunters: number;
      /** Deer seen; null while none were recorded (an empty list: nothing seen). */
      sightings: OutingSightingItem[] | null;
      createdAt: string;
      updatedAt: string;
    }>
  | { status: 'deleted'; version: number; ownerId: string };

const initialState: OutingState = { status: 'absent', version: 0 };

export interface StartOuting {
  type: 'StartOuting';
  outingId: string;
  groundId: string;
  /** Now, when the request gave no start. */
  startedAt: string;
  endedAt?: string;
  notes?: string;
  hunters?: number;
  sightings?: OutingSightingItem[];
  meta: CommandMeta;
}

export interface AmendOuting {
  type: 'AmendOuting';
  outingId: string;
  changes: Omit<AmendOutingRequest, 'expected_version'>;
  expectedVersion?: number;
  meta: CommandMeta;
}

export interface DeleteOuting {
  type: 'DeleteOuting';
  outingId: string;
  meta: CommandMeta;
}

export type OutingCommand = StartOuting | AmendOuting | DeleteOuting;

export type OutingDecisionError =
  | { code: 'not_found' }
  | { code: 'already_exists' }
  | { code: 'version_conflict'; actualVersion: number }
  | { code: 'ends_before_start' };

export type OutingDecision = Decision<OutingEvent, OutingDecisionError>;

/** The same lines, in the same order: the counters send them in a fixed order, so a resend compares equal. */
const sameSightings = (a: readonly OutingSightingItem[] | null, b: readonly OutingSightingItem[] | null) =>
  JSON.stringify(a) === JSON.stringify(b);

const endsAfterStart = (startedAt: string, endedAt: string | null) =>
  endedAt === null || Date.parse(endedAt) > Date.parse(startedAt);

function decide(command: OutingCommand, state: OutingState): OutingDecision {
  const { meta } = command;
  const envelope = eventEnvelope(meta, command.outingId, state.version);
  switch (command.type) {
    case 'StartOuting': {
      const data = {
        ground_id: command.groundId,
        started_at: command.startedAt,
        ...(command.endedAt !== undefined && { ended_at: command.endedAt }),
        ...(command.notes !== undefined && command.notes !== '' && { notes: command.notes }),
      };
      if (!endsAfterStart(data.started_at, data.ended_at ?? null)) {
        return { ok: false, error: { code: 'ends_before_start' } };
      }
      const hunters = command.hunters ?? DEFAULT_HUNTERS;
      const sightings = command.sightings ?? null;
      const events: OutingEvent[] = [{ ...envelope, type: T.outingStarted, data }];
      if (hunters !== DEFAULT_HUNTERS) {
        events.push({
          ...eventEnvelope(meta, command.outingId, state.version, events.length),
          type: T.outingHuntersChanged,
          data: { hunters },
        });
      }
      if (sightings !== null) {
        events.push({
          ...eventEnvelope(meta, command.outingId, state.version, events.length),
          type: T.outingSightingsRecorded,
          data: { sightings },
        });
      }
      if (state.status === 'absent') return { ok: true, events };
      // The same start sent again (a retry from a phone) succeeds without appending anything.
      const retry =
        state.status === 'active' &&
        state.ownerId === meta.userId &&
        state.version === events.length &&
        state.groundId === data.ground_id &&
        (data.ended_at ?? null) === state.endedAt &&
        (data.notes ?? null) === state.notes &&
        state.hunters === hunters &&
        sameSightings(state.sightings, sightings);
      return retry ? { ok: true, events: [] } : { ok: false, error: { code: 'already_exists' } };
    }
    case 'AmendOuting': {
      const refused = amendmentRefused(state, meta.userId, command.expectedVersion);
      if (refused !== undefined || state.status !== 'active')
        return { ok: false, error: refused ?? { code: 'not_found' } };
      const changes: Record<string, unknown> = {};
      const { ground_id, started_at, ended_at, notes } = command.changes;
      if (ground_id !== undefined && ground_id !== state.groundId) changes.ground_id = ground_id;
      if (started_at !== undefined && Date.parse(started_at) !== Date.parse(state.startedAt)) {
        changes.started_at = started_at;
      }
      if (ended_at !== undefined) {
        const same =
          ended_at === null
            ? state.endedAt === null
            : state.endedAt !== null && Date.parse(ended_at) === Date.parse(state.endedAt);
        if (!same) changes.ended_at = ended_at;
      }
      if (notes !== undefined) {
        const nextNotes = notes === '' ? null : notes;
        if (nextNotes !== state.notes) changes.notes = nextNotes;
      }
      const startedAt = (changes.started_at as string | undefined) ?? state.startedAt;
      const endedAt = changes.ended_at === undefined ? state.endedAt : (changes.ended_at as string | null);
      if (!endsAfterStart(startedAt, endedAt)) return { ok: false, error: { code: 'ends_before_start' } };
      const names = Object.keys(changes);
      const events: OutingEvent[] = [];
      // "End outing": an outing under way given its end and nothing else of the outing itself.
      if (names.length === 1 && state.endedAt === null && typeof changes.ended_at === 'string') {
        events.push({ ...envelope, type: T.outingEnded, data: { ended_at: changes.ended_at } });
      } else if (names.length > 0) {
        events.push({ ...envelope, type: T.outingAmended, data: { changes } });
      }
      const { hunters, sightings } = command.changes;
      if (hunters !== undefined && hunters !== state.hunters) {
        events.push({
          ...eventEnvelope(meta, command.outingId, state.version, events.length),
          type: T.outingHuntersChanged,
          data: { hunters },
        });
      }
      if (sightings !== undefined && !sameSightings(state.sightings, sightings)) {
        events.push({
          ...eventEnvelope(meta, command.outingId, state.version, events.length),
          type: T.outingSightingsRecorded,
          data: { sightings },
        });
      }
      return { ok: true, events };
    }
    case 'DeleteOuting': {
      if (state.status !== 'active' || state.ownerId !== meta.userId)
        return { ok: false, error: { code: 'not_found' } };
      return { ok: true, events: [{ ...envelope, type: T.outingDeleted, data: {} }] };
    }
  }
}

function evolve(state: OutingState, event: OutingEvent): OutingState {
  switch (event.type) {
    case T.outingStarted:
      return {
        status: 'active',
        version: event.version,
        ownerId: event.userId,
        groundId: event.data.ground_id,
        startedAt: event.data.started_at,
        endedAt: event.data.ended_at ?? null,
        notes: event.data.notes ?? null,
        hunters: DEFAULT_HUNTERS,
        sightings: null,
        createdAt: event.occurredAt,
        updatedAt: event.occurredAt,
      };
    case T.outingEnded:
      if (state.status !== 'active') return state;
      return { ...state, version: event.version, endedAt: event.data.ended_at, updatedAt: event.occurredAt };
    case T.outingAmended: {
      if (state.status !== 'active') return state;
      const { ground_id, started_at, ended_at, notes } = event.data.changes;
      return {
        ...state,
        version: event.version,
        ...(ground_id !== undefined && { groundId: ground_id }),
        ...(started_at !== undefined && { startedAt: started_at }),
        ...(ended_at !== undefined && { endedAt: ended_at }),
        ...(notes !== undefined && { notes }),
        updatedAt: event.occurredAt,
      };
    }
    case T.outingDeleted:
      return { status: 'deleted', version: event.version, ownerId: event.userId };
    case T.outingHuntersChanged:
      if (state.status !== 'active') return state;
      return { ...state, version: event.version, hunters: event.data.hunters, updatedAt: event.occurredAt };
    case T.outingSightingsRecorded:
      if (state.status !== 'active') return state;
      return {
        ...state,
        version: event.version,
        sightings: event.data.sightings,
        updatedAt: event.occurredAt,
      };
  }
}

/** The outing as the API answers it, with its number of culls; undefined when the stream holds none. */
export function toOuting(state: OutingState, id: string, cullCount: number): Outing | undefined {
  if (state.status !== 'active') return undefined;
  return {
    id,
    ground_id: state.groundId,
    started_at: state.startedAt,
    ended_at: state.endedAt,
    notes: state.notes,
    hunters: state.hunters,
    sightings: state.sightings,
    cull_count: cullCount,
    version: state.version,
    created_at: state.createdAt,
    updated_at: state.updatedAt,
  };
}

/** An outing's stream: started, amended (ended among its changes), deleted. */
export const outingDecider: Decider<OutingCommand, OutingEvent, OutingState, OutingDecisionError> = {
  decide,
  evolve,
  initialState,
};
