import {
  MANAGEMENT_EVENT_TYPES,
  teamOfOwner,
  teamOwnerId,
  type AmendGroundRequest,
  type CommandMeta,
  type CreateGroundRequest,
  type Ground,
  type GroundBoundary,
  type GroundCentre,
  type GroundEvent,
} from '@cull-log/contracts';
import { amendmentRefused, eventEnvelope, type Decider, type Decision } from './decider';
import { boundarySizeRefusal } from './ground-size';
import type { AbsentStream, LiveStream } from './stream-state';

const T = MANAGEMENT_EVENT_TYPES;

/** What one ground's stream has come to. */
export type GroundState =
  | AbsentStream
  | LiveStream<{
      ownerId: string;
      name: string;
      notes: string | null;
      boundary: GroundBoundary | null;
      centre: GroundCentre | null;
      archived: boolean;
      createdAt: string;
      updatedAt: string;
    }>;

const initialState: GroundState = { status: 'absent', version: 0 };

export interface CreateGround {
  type: 'CreateGround';
  groundId: string;
  fields: Omit<CreateGroundRequest, 'id' | 'team_id'>;
  meta: CommandMeta;
}

export interface AmendGround {
  type: 'AmendGround';
  groundId: string;
  changes: Omit<AmendGroundRequest, 'expected_version'>;
  expectedVersion?: number;
  meta: CommandMeta;
}

/**
 * Moves the caller's own ground into a team (whether they may, as its manager, is the team's to say, before this):
 * from then on the ground is the team's, and its culls, whoever made them, the team's records.
 */
export interface MoveGround {
  type: 'MoveGround';
  groundId: string;
  teamId: string;
  expectedVersion?: number;
  meta: CommandMeta;
}

export type GroundCommand = CreateGround | AmendGround | MoveGround;

export type GroundDecisionError =
  | { code: 'not_found' }
  | { code: 'already_exists' }
  | { code: 'version_conflict'; actualVersion: number }
  | { code: 'archived' }
  | { code: 'in_team' }
  /** A boundary bigger than any ground (MANAGEMENT_LIMITS), with the reason in words. */
  | { code: 'too_large'; message: string };

export type GroundDecision = Decision<GroundEvent, GroundDecisionError>;

/** The middle of a boundary: the mean of its corners, the closing one (a repeat of the first) left out. */
export function boundaryMiddle(boundary: GroundBoundary): GroundCentre {
  const corners = (boundary.coordinates[0] ?? []).slice(0, -1);
  if (corners.length === 0) return { latitude: 0, longitude: 0 };
  const sum = corners.reduce(
    (total, [longitude, latitude]) => ({
      longitude: total.longitude + longitude,
      latitude: total.latitude + latitude,
    }),
    { longitude: 0, latitude: 0 },
  );
  const round = (value: number) => Math.round((value / corners.length) * 1e6) / 1e6;
  return { latitude: round(sum.latitude), longitude: round(sum.longitude) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function decide(command: GroundCommand, state: GroundState): GroundDecision {
  const { meta } = command;
  // One command may write several events, each the next version.
  let written = 0;
  const envelope = () => eventEnvelope(meta, command.groundId, state.version, written++);
  switch (command.type) {
    case 'CreateGround': {
      const { name, notes, boundary, centre } = command.fields;
      const tooLarge = boundary && boundarySizeRefusal(boundary);
      if (tooLarge) return { ok: false, error: { code: 'too_large', message: tooLarge } };
      const data = {
        name,
        ...(notes !== undefined && notes !== '' && { notes }),
        ...(boundary !== undefined && { boundary }),
        ...((centre ?? (boundary && boundaryMiddle(boundary))) !== undefined && {
          centre: centre ?? boundaryMiddle(boundary!),
        }),
      };
      if (state.status === 'absent')
        return { ok: true, events: [{ ...envelope(), type: T.groundCreated, data }] };
      // The same create sent again (a retry from a phone) succeeds without appending anything.
      const retry =
        state.ownerId === meta.userId &&
        state.version === 1 &&
        state.name === data.name &&
        same(state.notes ?? undefined, data.notes) &&
        same(state.boundary ?? undefined, data.boundary) &&
        same(state.centre ?? undefined, data.centre);
      return retry ? { ok: true, events: [] } : { ok: false, error: { code: 'already_exists' } };
    }
    case 'AmendGround': {
      const refused = amendmentRefused(state, meta.userId, command.expectedVersion);
      if (refused !== undefined || state.status !== 'active')
        return { ok: false, error: refused ?? { code: 'not_found' } };
      const { name, notes, boundary, centre, archived } = command.changes;
      const tooLarge = boundary && boundarySizeRefusal(boundary);
      if (tooLarge) return { ok: false, error: { code: 'too_large', message: tooLarge } };
      const events: GroundEvent[] = [];
      if (name !== undefined && name !== state.name) {
        events.push({ ...envelope(), type: T.groundRenamed, data: { name } });
      }
      if (boundary !== undefined || centre !== undefined) {
        const nextBoundary = boundary === undefined ? state.boundary : boundary;
        // A new boundary brings its middle as the centre unless a centre is sent with it.
        const nextCentre = centre !== undefined ? centre : boundary ? boundaryMiddle(boundary) : state.centre;
        if (!same(nextBoundary, state.boundary) || !same(nextCentre, state.centre)) {
          events.push({
            ...envelope(),
            type: T.groundRedrawn,
            data: { boundary: nextBoundary, centre: nextCentre },
          });
        }
      }
      if (notes !== undefined) {
        const nextNotes = notes === '' ? null : notes;
        if (nextNotes !== state.notes)
          events.push({ ...envelope(), type: T.groundNotesChanged, data: { notes: nextNotes } });
      }
      if (archived === true && !state.archived)
        events.push({ ...envelope(), type: T.groundArchived, data: {} });
      if (archived === false && state.archived)
        events.push({ ...envelope(), type: T.groundRestored, data: {} });
      return { ok: true, events };
    }
    case 'MoveGround': {
      // A team's ground is owned by the team, never by the caller, so is refused here as in a team, not missing.
      if (state.status === 'active' && teamOfOwner(state.ownerId) !== undefined)
        return { ok: false, error: { code: 'in_team' } };
      const refused = amendmentRefused(state, meta.userId, command.expectedVersion);
      if (refused !== undefined || state.status !== 'active')
        return { ok: false, error: refused ?? { code: 'not_found' } };
      if (state.archived) return { ok: false, error: { code: 'archived' } };
      const moved: GroundEvent = {
        ...envelope(),
        userId: teamOwnerId(command.teamId),
        type: T.groundMoved,
        data: {
          team_id: command.teamId,
          name: state.name,
          notes: state.notes,
          boundary: state.boundary,
          centre: state.centre,
          created_at: state.createdAt,
        },
      };
      return { ok: true, events: [moved] };
    }
  }
}

function evolve(state: GroundState, event: GroundEvent): GroundState {
  if (event.type === T.groundCreated) {
    return {
      status: 'active',
      version: event.version,
      ownerId: event.userId,
      name: event.data.name,
      notes: event.data.notes ?? null,
      boundary: event.data.boundary ?? null,
      centre: event.data.centre ?? null,
      archived: false,
      createdAt: event.occurredAt,
      updatedAt: event.occurredAt,
    };
  }
  // A move carries the whole ground, so it stands on its own once the mover's earlier events are erased.
  if (event.type === T.groundMoved) {
    return {
      status: 'active',
      version: event.version,
      ownerId: event.userId,
      name: event.data.name,
      notes: event.data.notes,
      boundary: event.data.boundary,
      centre: event.data.centre,
      archived: false,
      createdAt: event.data.created_at,
      updatedAt: event.occurredAt,
    };
  }
  if (state.status !== 'active') return state;
  const moved = { ...state, version: event.version, updatedAt: event.occurredAt };
  switch (event.type) {
    case T.groundRenamed:
      return { ...moved, name: event.data.name };
    case T.groundRedrawn:
      return { ...moved, boundary: event.data.boundary, centre: event.data.centre };
    case T.groundNotesChanged:
      return { ...moved, notes: event.data.notes };
    case T.groundArchived:
      return { ...moved, archived: true };
    case T.groundRestored:
      return { ...moved, archived: false };
  }
}

/** The ground as the API answers it, or undefined when the stream holds none. */
export function toGround(state: GroundState, id: string): Ground | undefined {
  if (state.status !== 'active') return undefined;
  return {
    id,
    name: state.name,
    notes: state.notes,
    boundary: state.boundary,
    centre: state.centre,
    archived: state.archived,
    version: state.version,
    created_at: state.createdAt,
    updated_at: state.updatedAt,
  };
}

/** Two ground names are the same name when they match trimmed and without regard to case. */
export function groundNameKey(name: string): string {
  return name.trim().toLocaleLowerCase('en-GB');
}

/** A ground's stream: created, renamed, its boundary and notes changed, archived and restored, moved into a team. */
export const groundDecider: Decider<GroundCommand, GroundEvent, GroundState, GroundDecisionError> = {
  decide,
  evolve,
  initialState,
};
