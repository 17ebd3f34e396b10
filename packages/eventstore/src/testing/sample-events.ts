import { randomUUID } from 'node:crypto';
import {
  EVENT_TYPES,
  type CullAmended,
  type CullChanges,
  type CullDeleted,
  type CullFields,
  type CullPhoto,
  type CullRecorded,
  type GroundBoundary,
  type GroundCentre,
  type KeptCull,
  type Plan,
  type PlansAllocated,
  type SeasonStart,
  type StoredLogEvent,
  type TeamRole,
  MANAGEMENT_EVENT_TYPES,
  TEAM_EVENT_TYPES,
  teamOwnerId,
} from '@cull-log/contracts';
import { sampleCullFields } from '@cull-log/contracts/testing';

function envelope(streamId: string, version: number, userId: string) {
  return {
    id: randomUUID(),
    streamId,
    version,
    userId,
    occurredAt: new Date(Date.UTC(2025, 10, 1, 6, 30, version)).toISOString(),
    meta: { correlationId: randomUUID() },
  };
}

/** A cull with only the required fields and a weight, for read model tests that vary one field at a time. */
const readModelCullFields: CullFields = sampleCullFields({
  date: '2026-05-14',
  sex: 'Male',
  antlers_present: true,
  weight: 18.5,
});

/** A `cull.recorded.v2` event with every optional field filled, so a round trip checks them all. */
export function cullRecordedEvent(streamId: string, userId = 'user-1'): CullRecorded {
  return {
    ...envelope(streamId, 1, userId),
    type: EVENT_TYPES.recorded,
    data: {
      ...readModelCullFields,
      date: '2025-11-01',
      time: '06:30',
      location_name: 'Hanging Wood, north ride',
      grid_ref: 'SU 123 456',
      latitude: 51.4567,
      longitude: -1.2345,
      weight: 17.5,
      condition_notes: 'Clean, "no" damage; commas, quotes',
      antler_points: 6,
      antler_condition: 'Good',
      shot_distance: '120 m',
      notes: 'Line one\nLine two — ünïcode',
      calibre: { name: '.275 Rigby', bore_in: 0.284 },
      bullet_weight_gr: 140,
      bullet_type: 'Bonded',
      muzzle_velocity_fps: 2700,
      muzzle_energy_j: 3078,
      shooter: 'A. Stalker',
      carcass_tag: 'HW-0042',
      carcass_destination: 'Game dealer',
      game_dealer: 'Downs Game Ltd',
      inspection: {
        examined_by: 'A. Stalker',
        certificate_number: 'DSC1-998',
        abnormal_behaviour: false,
        abnormalities: ['parasites', 'other'],
        other_abnormality: 'Heavy ked',
        contamination_suspected: false,
      },
      weather: { temperature_c: -1.5, wind_speed_mph: 6, wind_direction: 'NE', cloud: 'Clear' },
    },
  };
}

/** A `cull.amended.v2` event changing one field and clearing another. */
export function cullAmendedEvent(streamId: string, version: number, userId = 'user-1'): CullAmended {
  return {
    ...envelope(streamId, version, userId),
    type: EVENT_TYPES.amended,
    data: { changes: { weight: 18 + version, notes: null } },
  };
}

export function cullDeletedEvent(streamId: string, version: number, userId = 'user-1'): CullDeleted {
  return { ...envelope(streamId, version, userId), type: EVENT_TYPES.deleted, data: {} };
}

/** A photo's description as its event carries it, different for each number. */
export function samplePhoto(photoNumber = 1): CullPhoto {
  return {
    id: photoNumber.toString(16).padStart(32, '0'),
    content_type: 'image/jpeg',
    size: 150_000 + photoNumber,
    sha256: photoNumber.toString(16).padStart(64, 'f'),
    width: 2048,
    height: 1536,
  };
}

/**
 * Builds a consistent history of stored events for read model tests: versions per stream and global
 * positions count up, and each event is a second after the one before.
 */
export function createSampleEventLog(start = new Date('2026-05-14T08:00:00Z')) {
  let position = 0;
  let clock = start.getTime();
  const versions = new Map<string, number>();
  const events: StoredLogEvent[] = [];
  /** Each user's settings stream, each user's stream of team links, and each user's plans stream of a season. */
  const settingsStreams = new Map<string, string>();
  const linksStreams = new Map<string, string>();
  const plansStreams = new Map<string, string>();
  const streamOf = (streams: Map<string, string>, key: string) => {
    const known = streams.get(key) ?? randomUUID();
    streams.set(key, known);
    return known;
  };

  function next(streamId: string, userId: string) {
    const version = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, version);
    position += 1;
    clock += 1000;
    return {
      id: randomUUID(),
      streamId,
      version,
      userId,
      occurredAt: new Date(clock).toISOString(),
      meta: { correlationId: randomUUID() },
      position,
    };
  }

  function keep<E extends StoredLogEvent>(event: E): E {
    events.push(event);
    return event;
  }

  return {
    events,
    recorded(userId: string, fields: Partial<CullFields> = {}, streamId: string = randomUUID()) {
      return keep({
        ...next(streamId, userId),
        type: EVENT_TYPES.recorded,
        data: { ...readModelCullFields, ...fields },
      });
    },
    amended(userId: string, streamId: string, changes: CullChanges) {
      return keep({ ...next(streamId, userId), type: EVENT_TYPES.amended, data: { changes } });
    },
    deleted(userId: string, streamId: string) {
      return keep({ ...next(streamId, userId), type: EVENT_TYPES.deleted, data: {} });
    },
    photoAdded(userId: string, streamId: string, photoNumber = 1) {
      return keep({
        ...next(streamId, userId),
        type: EVENT_TYPES.photoAdded,
        data: samplePhoto(photoNumber),
      });
    },
    photoRemoved(userId: string, streamId: string, photoNumber = 1) {
      const data = { photo_id: samplePhoto(photoNumber).id };
      return keep({ ...next(streamId, userId), type: EVENT_TYPES.photoRemoved, data });
    },
    /** cull.placed.v1: the record's ground and outing, null for none. */
    placed(userId: string, streamId: string, groundId: string | null, outingId: string | null = null) {
      const data = { ground_id: groundId, outing_id: outingId };
      return keep({ ...next(streamId, userId), type: MANAGEMENT_EVENT_TYPES.cullPlaced, data });
    },
    groundCreated(
      userId: string,
      name: string,
      more: { notes?: string; boundary?: GroundBoundary; centre?: GroundCentre } = {},
      streamId: string = randomUUID(),
    ) {
      const data = { name, ...more };
      return keep({ ...next(streamId, userId), type: MANAGEMENT_EVENT_TYPES.groundCreated, data });
    },
    groundRenamed(userId: string, streamId: string, name: string) {
      return keep({ ...next(streamId, userId), type: MANAGEMENT_EVENT_TYPES.groundRenamed, data: { name } });
    },
    /** The ground moved into a team: the team's (its owner id) from now on, carrying the whole ground. */
    groundMoved(teamId: string, streamId: string, name: string) {
      const data = {
        team_id: teamId,
        name,
        notes: null,
        boundary: null,
        centre: null,
        created_at: '2025-11-01T06:30:00.000Z',
      };
      return keep({ ...next(streamId, `team-${teamId}`), type: MANAGEMENT_EVENT_TYPES.groundMoved, data });
    },
    groundArchived(userId: string, streamId: string) {
      return keep({ ...next(streamId, userId), type: MANAGEMENT_EVENT_TYPES.groundArchived, data: {} });
    },
    outingStarted(
      userId: string,
      groundId: string,
      startedAt: string,
      endedAt?: string,
      streamId: string = randomUUID(),
    ) {
      const data = {
        ground_id: groundId,
        started_at: startedAt,
        ...(endedAt !== undefined && { ended_at: endedAt }),
      };
      return keep({ ...next(streamId, userId), type: MANAGEMENT_EVENT_TYPES.outingStarted, data });
    },
    outingEnded(userId: string, streamId: string, endedAt: string) {
      const data = { ended_at: endedAt };
      return keep({ ...next(streamId, userId), type: MANAGEMENT_EVENT_TYPES.outingEnded, data });
    },
    outingAmended(userId: string, streamId: string, changes: { started_at?: string; ground_id?: string }) {
      const data = { changes };
      return keep({ ...next(streamId, userId), type: MANAGEMENT_EVENT_TYPES.outingAmended, data });
    },
    outingDeleted(userId: string, streamId: string) {
      return keep({ ...next(streamId, userId), type: MANAGEMENT_EVENT_TYPES.outingDeleted, data: {} });
    },
    settingsChanged(userId: string, seasonStart: SeasonStart) {
      const streamId = streamOf(settingsStreams, userId);
      const data = { season_start: seasonStart };
      return keep({ ...next(streamId, userId), type: MANAGEMENT_EVENT_TYPES.settingsChanged, data });
    },
    /** member.linked.v1 in the user's stream of team links: they are this member of this team, under this name. */
    memberLinked(userId: string, teamId: string, memberId: string, name: string) {
      const streamId = streamOf(linksStreams, userId);
      const data = { team_id: teamId, member_id: memberId, name };
      return keep({ ...next(streamId, userId), type: TEAM_EVENT_TYPES.memberLinked, data });
    },
    plansSet(userId: string, season: string, plans: Plan[]) {
      const streamId = streamOf(plansStreams, `${userId}\n${season}`);
      const data = { season, plans };
      return keep({ ...next(streamId, userId), type: MANAGEMENT_EVENT_TYPES.plansSet, data });
    },
    /** A team's shares of its plans of a season, in the same stream as its plans.set.v1 (`ownerId` team-<id>). */
    plansAllocated(ownerId: string, season: string, allocations: PlansAllocated['data']['allocations']) {
      const streamId = streamOf(plansStreams, `${ownerId}\n${season}`);
      const data = { season, allocations };
      return keep({ ...next(streamId, ownerId), type: TEAM_EVENT_TYPES.plansAllocated, data });
    },
    /** A team made by its first manager `memberId`; its stream is `teamId`. */
    teamCreated(teamId: string, name: string, memberId: string) {
      const data = { name, kind: 'syndicate' as const, member_id: memberId };
      return keep({ ...next(teamId, teamOwnerId(teamId)), type: TEAM_EVENT_TYPES.teamCreated, data });
    },
    /** The facts of an erased member's culls on the team's grounds, which the team keeps as its own. */
    cullsKept(teamId: string, memberId: string, culls: KeptCull[]) {
      const data = { member_id: memberId, culls };
      return keep({ ...next(teamId, teamOwnerId(teamId)), type: TEAM_EVENT_TYPES.cullsKept, data });
    },
    /** The retention took these kept culls (ids of cullsKept) out of the team's keeping. */
    keptCullsRemoved(teamId: string, ids: string[]) {
      const data = { ids };
      return keep({ ...next(teamId, teamOwnerId(teamId)), type: TEAM_EVENT_TYPES.keptCullsRemoved, data });
    },
    teamRenamed(teamId: string, name: string) {
      const data = { name, kind: 'syndicate' as const };
      return keep({ ...next(teamId, teamOwnerId(teamId)), type: TEAM_EVENT_TYPES.teamRenamed, data });
    },
    /** `memberId` joined the team with an invitation, in `role` (a guest without a permit). */
    memberJoined(teamId: string, memberId: string, role: TeamRole = 'stalker') {
      const data = { member_id: memberId, role, invite_id: randomUUID(), permit: null };
      return keep({ ...next(teamId, teamOwnerId(teamId)), type: TEAM_EVENT_TYPES.memberJoined, data });
    },
    /** `memberId` left the team, or was removed by a manager. */
    memberLeft(teamId: string, memberId: string, removed = false) {
      const data = { member_id: memberId, removed };
      return keep({ ...next(teamId, teamOwnerId(teamId)), type: TEAM_EVENT_TYPES.memberLeft, data });
    },
  };
}
