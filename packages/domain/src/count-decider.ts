import {
  COUNT_EVENT_TYPES,
  type AmendCountRequest,
  type CommandMeta,
  type Count,
  type CountEvent,
  type CountItem,
  type CountMethod,
  type DungCount,
} from '@cull-log/contracts';
import { amendmentRefused, eventEnvelope, type Decider, type Decision } from './decider';
import { deerOnGround } from './deer-management/density';
import { dungCountDensity } from './deer-management/dung-count';
import type { AbsentStream, LiveStream } from './stream-state';

const T = COUNT_EVENT_TYPES;

/** What a count is: where, when, how, and the lines counted (none for a dung count, which has its plots). */
export interface CountFields {
  ground_id: string;
  date: string;
  method: CountMethod;
  items: CountItem[];
  notes?: string;
  dung?: DungCount;
}

/** What one count's stream has come to. */
export type CountState =
  | AbsentStream
  | LiveStream<{
      ownerId: string;
      groundId: string;
      date: string;
      method: CountMethod;
      items: CountItem[];
      notes: string | null;
      dung: DungCount | null;
      createdAt: string;
      updatedAt: string;
    }>
  | { status: 'deleted'; version: number; ownerId: string };

const initialState: CountState = { status: 'absent', version: 0 };

export interface RecordCount {
  type: 'RecordCount';
  countId: string;
  fields: CountFields;
  meta: CommandMeta;
}

export interface AmendCount {
  type: 'AmendCount';
  countId: string;
  changes: Omit<AmendCountRequest, 'expected_version'>;
  expectedVersion?: number;
  meta: CommandMeta;
}

export interface DeleteCount {
  type: 'DeleteCount';
  countId: string;
  meta: CommandMeta;
}

export type CountCommand = RecordCount | AmendCount | DeleteCount;

/**
 * Why a count is refused by its own rules, each answered on its field: a dung count needs its plots and has no
 * lines of its own; a count by sight has lines and no plots.
 */
export type CountDecisionError =
  | { code: 'not_found' }
  | { code: 'already_exists' }
  | { code: 'version_conflict'; actualVersion: number }
  | { code: 'dung_needed' }
  | { code: 'items_needed' };

export type CountDecision = Decision<CountEvent, CountDecisionError>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A count's method, lines and plots agree: a dung count has plots and no lines, any other lines and no plots. */
function disagreement(
  method: CountMethod,
  items: readonly CountItem[],
  dung: DungCount | null,
): CountDecisionError | undefined {
  if (method === 'dung') return dung === null ? { code: 'dung_needed' } : undefined;
  return items.length === 0 ? { code: 'items_needed' } : undefined;
}

function decide(command: CountCommand, state: CountState): CountDecision {
  const { meta } = command;
  const envelope = eventEnvelope(meta, command.countId, state.version);
  switch (command.type) {
    case 'RecordCount': {
      const { fields } = command;
      const dung = fields.method === 'dung' ? (fields.dung ?? null) : null;
      const items = fields.method === 'dung' ? [] : fields.items;
      const refused = disagreement(fields.method, items, dung);
      if (refused !== undefined) return { ok: false, error: refused };
      const data = {
        ground_id: fields.ground_id,
        date: fields.date,
        method: fields.method,
        items,
        ...(fields.notes !== undefined && fields.notes !== '' && { notes: fields.notes }),
        ...(dung !== null && { dung }),
      };
      if (state.status === 'absent')
        return { ok: true, events: [{ ...envelope, type: T.countRecorded, data }] };
      // The same count sent again (a retry from a phone) succeeds without appending anything.
      const retry =
        state.status === 'active' &&
        state.ownerId === meta.userId &&
        state.version === 1 &&
        state.groundId === data.ground_id &&
        state.date === data.date &&
        state.method === data.method &&
        same(state.items, data.items) &&
        state.notes === (data.notes ?? null) &&
        same(state.dung, dung);
      return retry ? { ok: true, events: [] } : { ok: false, error: { code: 'already_exists' } };
    }
    case 'AmendCount': {
      const refused = amendmentRefused(state, meta.userId, command.expectedVersion);
      if (refused !== undefined || state.status !== 'active')
        return { ok: false, error: refused ?? { code: 'not_found' } };
      const asked = command.changes;
      const method = asked.method ?? state.method;
      // A count that becomes a dung count loses its lines, one that stops being one its plots.
      const items = method === 'dung' ? [] : (asked.items ?? state.items);
      const dung = method === 'dung' ? (asked.dung === undefined ? state.dung : asked.dung) : null;
      const wrong = disagreement(method, items, dung);
      if (wrong !== undefined) return { ok: false, error: wrong };
      const changes: Record<string, unknown> = {};
      if (asked.ground_id !== undefined && asked.ground_id !== state.groundId)
        changes.ground_id = asked.ground_id;
      if (asked.date !== undefined && asked.date !== state.date) changes.date = asked.date;
      if (method !== state.method) changes.method = method;
      if (!same(items, state.items)) changes.items = items;
      if (asked.notes !== undefined) {
        const notes = asked.notes === '' ? null : asked.notes;
        if (notes !== state.notes) changes.notes = notes;
      }
      if (!same(dung, state.dung)) changes.dung = dung;
      if (Object.keys(changes).length === 0) return { ok: true, events: [] };
      return { ok: true, events: [{ ...envelope, type: T.countAmended, data: { changes } }] };
    }
    case 'DeleteCount': {
      if (state.status !== 'active' || state.ownerId !== meta.userId)
        return { ok: false, error: { code: 'not_found' } };
      return { ok: true, events: [{ ...envelope, type: T.countDeleted, data: {} }] };
    }
  }
}

function evolve(state: CountState, event: CountEvent): CountState {
  switch (event.type) {
    case T.countRecorded:
      return {
        status: 'active',
        version: event.version,
        ownerId: event.userId,
        groundId: event.data.ground_id,
        date: event.data.date,
        method: event.data.method,
        items: event.data.items,
        notes: event.data.notes ?? null,
        dung: event.data.dung ?? null,
        createdAt: event.occurredAt,
        updatedAt: event.occurredAt,
      };
    case T.countAmended: {
      if (state.status !== 'active') return state;
      const { ground_id, date, method, items, notes, dung } = event.data.changes;
      return {
        ...state,
        version: event.version,
        ...(ground_id !== undefined && { groundId: ground_id }),
        ...(date !== undefined && { date }),
        ...(method !== undefined && { method }),
        ...(items !== undefined && { items }),
        ...(notes !== undefined && { notes }),
        ...(dung !== undefined && { dung }),
        updatedAt: event.occurredAt,
      };
    }
    case T.countDeleted:
      return { status: 'deleted', version: event.version, ownerId: event.userId };
  }
}

/**
 * The count as the API answers it. A dung count carries its density with the formula and working, and its lines
 * worked out over the ground's area (in km², undefined for a ground with no boundary: then no lines).
 */
export function toCount(state: CountState, id: string, areaKm2: number | undefined): Count | undefined {
  if (state.status !== 'active') return undefined;
  let items = state.items;
  let dung: Count['dung'] = null;
  if (state.dung !== null) {
    const density = dungCountDensity(state.dung);
    if (density.ok) {
      dung = {
        ...state.dung,
        deer_per_hectare: density.deerPerHectare,
        deer_per_km2: density.deerPerKm2,
        formula: density.formula,
        working: density.steps,
      };
      items =
        areaKm2 === undefined
          ? []
          : [
              {
                species: state.dung.species,
                sex: 'Unknown',
                age_class: 'Unknown',
                count: deerOnGround(density.deerPerKm2, areaKm2),
              },
            ];
    }
  }
  return {
    id,
    ground_id: state.groundId,
    date: state.date,
    method: state.method,
    items,
    notes: state.notes,
    dung,
    version: state.version,
    created_at: state.createdAt,
    updated_at: state.updatedAt,
  };
}

/** A count's stream: recorded, amended, deleted. */
export const countDecider: Decider<CountCommand, CountEvent, CountState, CountDecisionError> = {
  decide,
  evolve,
  initialState,
};
