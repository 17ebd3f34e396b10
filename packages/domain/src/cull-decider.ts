import {
  EVENT_TYPES,
  GAME_DEALER,
  PHOTO_LIMITS,
  type CullChanges,
  type CommandMeta,
  type CullCommand,
  MANAGEMENT_EVENT_TYPES,
  type CullEvent,
  type CullFields,
  type CullStreamEvent,
  type CullPhoto,
} from '@cull-log/contracts';
import { amendmentRefused, eventEnvelope, type Decider, type Decision } from './decider';
import type { AbsentStream, LiveStream } from './stream-state';
import { loadChanges, loadFields } from './cull-load';
import { futureCullError } from './cull-moment';
import { placeChanges, placeFields } from './cull-place';
import { declaredDealerChanges } from './larder';

/** What one cull stream has come to, folded from its events. */
export type CullState =
  | AbsentStream
  | LiveStream<{
      ownerId: string;
      fields: CullFields;
      /** Its photos, oldest first. */
      photos: readonly CullPhoto[];
      createdAt: string;
      updatedAt: string;
      /** The ground and the outing it belongs to (cull.placed.v1), absent when none. */
      groundId?: string;
      outingId?: string;
    }>
  | { status: 'deleted'; version: number; ownerId: string };

const initialState: CullState = { status: 'absent', version: 0 };

export type CullDecisionError =
  /** No such record for this user (absent, deleted, or someone else's: indistinguishable on purpose). */
  | { code: 'not_found' }
  /** The id is taken by a record this command cannot be a retry of. */
  | { code: 'already_exists' }
  | { code: 'version_conflict'; actualVersion: number }
  /** A field holds what it cannot (a grid reference that is not one), said in the field's own words. */
  | { code: 'invalid_field'; field: 'grid_ref' | 'date' | 'time'; message: string }
  /** The record already has as many photos as a record may have. */
  | { code: 'too_many_photos'; limit: number }
  /** The record has no photo with this id. */
  | { code: 'photo_not_found' };

export type CullDecision = Decision<CullStreamEvent, CullDecisionError>;

const accept = (events: CullStreamEvent[]): CullDecision => ({ ok: true, events });
const reject = (error: CullDecisionError): CullDecision => ({ ok: false, error });

/**
 * Applies changes to fields: null clears an optional field; clearing antlers drops their details, and a carcass
 * not gone to a game dealer drops the dealer.
 */
export function applyChanges(fields: CullFields, changes: CullChanges): CullFields {
  const next: Record<string, unknown> = { ...fields };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete next[name];
    else if (value !== undefined) next[name] = value;
  }
  if (next.antlers_present === false) {
    delete next.antler_points;
    delete next.antler_condition;
  }
  if (next.carcass_destination !== GAME_DEALER) delete next.game_dealer;
  return next as CullFields;
}

function sameFields(a: CullFields, b: CullFields): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const left = (a as Record<string, unknown>)[key];
    const right = (b as Record<string, unknown>)[key];
    // The calibre, inspection and weather are objects: equal when they hold the same.
    if (left !== right && JSON.stringify(left) !== JSON.stringify(right)) return false;
  }
  return true;
}

/** cull.placed.v1 as the `index`-th (from 0) event of a command's append. */
function placedEvent(
  meta: CommandMeta,
  cullId: string,
  version: number,
  index: number,
  placement: { ground_id: string | null; outing_id: string | null },
): CullStreamEvent {
  return {
    ...eventEnvelope(meta, cullId, version, index),
    type: MANAGEMENT_EVENT_TYPES.cullPlaced,
    data: placement,
  };
}

function decide(command: CullCommand, state: CullState): CullDecision {
  const { meta } = command;
  const envelope = eventEnvelope(meta, command.cullId, state.version);
  switch (command.type) {
    case 'RecordCull': {
      const future = futureCullError(command.fields.date, command.fields.time, new Date(meta.occurredAt));
      if (future) return reject({ code: 'invalid_field', ...future });
      const placed = placeFields(command.fields);
      if (!placed.ok) return reject({ code: 'invalid_field', field: placed.field, message: placed.message });
      const fields = loadFields(placed.value);
      const placement = {
        ground_id: command.placement?.ground_id ?? null,
        outing_id: command.placement?.outing_id ?? null,
      };
      if (state.status === 'absent') {
        const recorded: CullEvent = { ...envelope, type: EVENT_TYPES.recorded, data: fields };
        if (placement.ground_id === null && placement.outing_id === null) return accept([recorded]);
        return accept([recorded, placedEvent(meta, command.cullId, state.version, 1, placement)]);
      }
      // The same create sent again (a retry from a phone) succeeds without appending anything.
      if (
        state.status === 'active' &&
        state.ownerId === meta.userId &&
        state.version === (placement.ground_id === null && placement.outing_id === null ? 1 : 2) &&
        sameFields(state.fields, fields) &&
        (state.groundId ?? null) === placement.ground_id &&
        (state.outingId ?? null) === placement.outing_id
      ) {
        return accept([]);
      }
      return reject({ code: 'already_exists' });
    }
    case 'AmendCull': {
      const refused = amendmentRefused(state, meta.userId, command.expectedVersion);
      if (refused !== undefined || state.status !== 'active') return reject(refused ?? { code: 'not_found' });
      // Only a new date or time is judged: a record already kept is not refused for a note's change.
      const { date = state.fields.date, time = state.fields.time } = command.changes;
      const future =
        command.changes.date === undefined && command.changes.time === undefined
          ? undefined
          : futureCullError(date, time, new Date(meta.occurredAt));
      if (future) return reject({ code: 'invalid_field', ...future });
      const placed = placeChanges(state.fields, command.changes);
      if (!placed.ok) return reject({ code: 'invalid_field', field: placed.field, message: placed.message });
      const changes = loadChanges(state.fields, placed.value);
      const placement = {
        ground_id:
          command.placement?.ground_id === undefined ? (state.groundId ?? null) : command.placement.ground_id,
        outing_id:
          command.placement?.outing_id === undefined ? (state.outingId ?? null) : command.placement.outing_id,
      };
      const moved =
        placement.ground_id !== (state.groundId ?? null) || placement.outing_id !== (state.outingId ?? null);
      // A change of place alone writes the placement alone.
      const events: CullStreamEvent[] =
        Object.keys(changes).length > 0 || command.placement === undefined
          ? [{ ...envelope, type: EVENT_TYPES.amended, data: { changes } }]
          : [];
      if (moved) events.push(placedEvent(meta, command.cullId, state.version, events.length, placement));
      return accept(events);
    }
    case 'DeleteCull': {
      if (state.status !== 'active' || state.ownerId !== meta.userId) return reject({ code: 'not_found' });
      return accept([{ ...envelope, type: EVENT_TYPES.deleted, data: {} }]);
    }
    case 'AddCullPhoto': {
      if (state.status !== 'active' || state.ownerId !== meta.userId) return reject({ code: 'not_found' });
      // The same photo sent again (a retry, or picked twice) is the photo the record already has.
      if (state.photos.some((photo) => photo.id === command.photo.id)) return accept([]);
      if (state.photos.length >= PHOTO_LIMITS.perRecord) {
        return reject({ code: 'too_many_photos', limit: PHOTO_LIMITS.perRecord });
      }
      return accept([{ ...envelope, type: EVENT_TYPES.photoAdded, data: command.photo }]);
    }
    case 'RemoveCullPhoto': {
      if (state.status !== 'active' || state.ownerId !== meta.userId) return reject({ code: 'not_found' });
      if (!state.photos.some((photo) => photo.id === command.photoId))
        return reject({ code: 'photo_not_found' });
      return accept([{ ...envelope, type: EVENT_TYPES.photoRemoved, data: { photo_id: command.photoId } }]);
    }
    case 'KeepDeclaredDealer': {
      if (state.status !== 'active' || state.ownerId !== meta.userId) return reject({ code: 'not_found' });
      // An amendment like the stalker's own, so every reader of the log already knows it.
      const changes = declaredDealerChanges(state.fields, command.dealer);
      return accept(
        changes === undefined ? [] : [{ ...envelope, type: EVENT_TYPES.amended, data: { changes } }],
      );
    }
  }
}

function evolve(state: CullState, event: CullStreamEvent): CullState {
  switch (event.type) {
    case EVENT_TYPES.recorded:
      return {
        status: 'active',
        version: event.version,
        ownerId: event.userId,
        fields: event.data,
        photos: [],
        createdAt: event.occurredAt,
        updatedAt: event.occurredAt,
      };
    case EVENT_TYPES.amended:
      if (state.status !== 'active') return state;
      return {
        ...state,
        version: event.version,
        fields: applyChanges(state.fields, event.data.changes),
        updatedAt: event.occurredAt,
      };
    case EVENT_TYPES.deleted:
      return { status: 'deleted', version: event.version, ownerId: event.userId };
    case EVENT_TYPES.photoAdded:
      if (state.status !== 'active') return state;
      return {
        ...state,
        version: event.version,
        photos: [...state.photos.filter((photo) => photo.id !== event.data.id), event.data],
        updatedAt: event.occurredAt,
      };
    case EVENT_TYPES.photoRemoved:
      if (state.status !== 'active') return state;
      return {
        ...state,
        version: event.version,
        photos: state.photos.filter((photo) => photo.id !== event.data.photo_id),
        updatedAt: event.occurredAt,
      };
    case MANAGEMENT_EVENT_TYPES.cullPlaced: {
      if (state.status !== 'active') return state;
      const { groundId: _ground, outingId: _outing, ...rest } = state;
      return {
        ...rest,
        version: event.version,
        ...(event.data.ground_id !== null && { groundId: event.data.ground_id }),
        ...(event.data.outing_id !== null && { outingId: event.data.outing_id }),
        updatedAt: event.occurredAt,
      };
    }
  }
}

/** A record's stream: recorded, amended, placed on a ground or an outing, given photos, deleted. */
export const cullDecider: Decider<CullCommand, CullStreamEvent, CullState, CullDecisionError> = {
  decide,
  evolve,
  initialState,
};
