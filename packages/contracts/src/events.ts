import { z } from 'zod';
import { CullChanges, CullChangesV1, CullFields, CullFieldsV1 } from './cull';
import { CullPhoto, PhotoId } from './photos';
import {
  MANAGEMENT_EVENT_DATA,
  MANAGEMENT_EVENT_TYPES,
  MANAGEMENT_LEGACY_EVENT_DATA,
  MANAGEMENT_LEGACY_EVENT_TYPES,
} from './grounds';
import { COUNT_EVENT_DATA, COUNT_EVENT_TYPES } from './counts';
import { TEAM_EVENT_DATA, TEAM_EVENT_TYPES } from './teams';

/**
 * The event types the records service writes now. A type's version moves when its data changes shape: v2 events
 * carry the carcass fields, which v1's published schemas (closed to unknown fields) do not allow.
 */
export const EVENT_TYPES = {
  recorded: 'cull.recorded.v2',
  amended: 'cull.amended.v2',
  deleted: 'cull.deleted.v1',
  photoAdded: 'cull.photo_added.v1',
  photoRemoved: 'cull.photo_removed.v1',
} as const;

/** Types earlier code wrote; the log keeps them for ever, and they are upcast whenever they are read. */
export const LEGACY_EVENT_TYPES = {
  recordedV1: 'cull.recorded.v1',
  amendedV1: 'cull.amended.v1',
} as const;

/** Where an imported record came from: the import and the row of its file (from 1, the header not counted). */
export const EventSource = z.strictObject({
  import_id: z.uuid(),
  row: z.number().int().min(1),
});
export type EventSource = z.infer<typeof EventSource>;

/** The request that caused an event. */
const EventMeta = z.object({ correlationId: z.string() });

/**
 * The meta of the events that make a record (recorded, placed): for an imported record, also where it came from.
 * Only these carry it, so the schemas published for every other type, and for the types of earlier code, stay as
 * they were; an event without it (every one written before imports) reads as ever.
 */
export const RecordMeta = EventMeta.extend({ source: EventSource.optional() });
export type RecordMeta = z.infer<typeof RecordMeta>;

/** Envelope fields shared by every event: ids, stream and version, owner, time, correlation. */
const envelope = {
  id: z.string().min(1),
  streamId: z.string().min(1),
  version: z.number().int().min(1),
  userId: z.string().min(1),
  occurredAt: z.iso.datetime(),
  meta: EventMeta,
};

/** An event's schema: the shared envelope, its type, and its data. */
function eventOf<const Type extends string, Data extends z.ZodType>(type: Type, data: Data) {
  return z.object({ ...envelope, type: z.literal(type), data });
}

export const CullRecordedV1 = eventOf(LEGACY_EVENT_TYPES.recordedV1, CullFieldsV1);
export type CullRecordedV1 = z.infer<typeof CullRecordedV1>;

export const CullAmendedV1 = eventOf(
  LEGACY_EVENT_TYPES.amendedV1,
  /** The fields that changed; null clears an optional field. */
  z.object({ changes: CullChangesV1 }),
);
export type CullAmendedV1 = z.infer<typeof CullAmendedV1>;

export const CullRecorded = eventOf(EVENT_TYPES.recorded, CullFields).extend({ meta: RecordMeta });
export type CullRecorded = z.infer<typeof CullRecorded>;

export const CullAmended = eventOf(
  EVENT_TYPES.amended,
  /** The fields that changed; null clears an optional field. */
  z.object({ changes: CullChanges }),
);
export type CullAmended = z.infer<typeof CullAmended>;

export const CullDeleted = eventOf(EVENT_TYPES.deleted, z.object({}));
export type CullDeleted = z.infer<typeof CullDeleted>;

/** A photo was added to a record: what it is, never its bytes (those are in the blob store under its id). */
export const CullPhotoAdded = eventOf(EVENT_TYPES.photoAdded, CullPhoto);
export type CullPhotoAdded = z.infer<typeof CullPhotoAdded>;

/** A photo was removed from a record. */
export const CullPhotoRemoved = eventOf(EVENT_TYPES.photoRemoved, z.strictObject({ photo_id: PhotoId }));
export type CullPhotoRemoved = z.infer<typeof CullPhotoRemoved>;

/** An event of a current type: what every reader past the trust boundary sees. */
export const CullEvent = z.discriminatedUnion('type', [
  CullRecorded,
  CullAmended,
  CullDeleted,
  CullPhotoAdded,
  CullPhotoRemoved,
]);
export type CullEvent = z.infer<typeof CullEvent>;
export type CullEventType = CullEvent['type'];

/** Any cull event the log or the stream may hold, current or earlier. */
export const AnyCullEvent = z.discriminatedUnion('type', [
  CullRecordedV1,
  CullAmendedV1,
  CullRecorded,
  CullAmended,
  CullDeleted,
  CullPhotoAdded,
  CullPhotoRemoved,
]);
export type AnyCullEvent = z.infer<typeof AnyCullEvent>;
export type AnyCullEventType = AnyCullEvent['type'];

const T = MANAGEMENT_EVENT_TYPES;
const D = MANAGEMENT_EVENT_DATA;

/** A management event's schema: the shared envelope, its type, and its data as MANAGEMENT_EVENT_DATA says. */
function managementEvent<const Type extends keyof typeof D>(type: Type) {
  return z.object({ ...envelope, type: z.literal(type), data: D[type] });
}

/** Where a record belongs (its ground and outing, each null for none), set whole; in the record's own stream. */
export const CullPlaced = managementEvent(T.cullPlaced).extend({ meta: RecordMeta });
export type CullPlaced = z.infer<typeof CullPlaced>;

/** A ground's stream is its id. */
export const GroundCreated = managementEvent(T.groundCreated);
export type GroundCreated = z.infer<typeof GroundCreated>;
export const GroundRenamed = managementEvent(T.groundRenamed);
export type GroundRenamed = z.infer<typeof GroundRenamed>;
export const GroundRedrawn = managementEvent(T.groundRedrawn);
export type GroundRedrawn = z.infer<typeof GroundRedrawn>;
export const GroundNotesChanged = managementEvent(T.groundNotesChanged);
export type GroundNotesChanged = z.infer<typeof GroundNotesChanged>;
export const GroundArchived = managementEvent(T.groundArchived);
export type GroundArchived = z.infer<typeof GroundArchived>;
export const GroundRestored = managementEvent(T.groundRestored);
export type GroundRestored = z.infer<typeof GroundRestored>;
/** A person's ground moved into a team: the team's (userId `team-<id>`), with the whole ground as it stood. */
export const GroundMoved = managementEvent(T.groundMoved);
export type GroundMoved = z.infer<typeof GroundMoved>;

/** An outing's stream is its id. */
export const OutingStarted = managementEvent(T.outingStarted);
export type OutingStarted = z.infer<typeof OutingStarted>;
export const OutingEnded = managementEvent(T.outingEnded);
export type OutingEnded = z.infer<typeof OutingEnded>;
export const OutingAmended = managementEvent(T.outingAmended);
export type OutingAmended = z.infer<typeof OutingAmended>;
export const OutingDeleted = managementEvent(T.outingDeleted);
export type OutingDeleted = z.infer<typeof OutingDeleted>;
/** The people out on an outing, when not one. */
export const OutingHuntersChanged = managementEvent(T.outingHuntersChanged);
export type OutingHuntersChanged = z.infer<typeof OutingHuntersChanged>;
/** The deer seen on an outing, set whole. */
export const OutingSightingsRecorded = managementEvent(T.outingSightingsRecorded);
export type OutingSightingsRecorded = z.infer<typeof OutingSightingsRecorded>;
/** The deer seen on an outing as earlier code wrote them, without places: read as outing.sightings_recorded.v2. */
export const OutingSightingsRecordedV1 = eventOf(
  MANAGEMENT_LEGACY_EVENT_TYPES.outingSightingsRecordedV1,
  MANAGEMENT_LEGACY_EVENT_DATA[MANAGEMENT_LEGACY_EVENT_TYPES.outingSightingsRecordedV1],
);
export type OutingSightingsRecordedV1 = z.infer<typeof OutingSightingsRecordedV1>;

/** A user's settings are one stream per user, its id opaque (see the records service's stream ids). */
export const SettingsChanged = managementEvent(T.settingsChanged);
export type SettingsChanged = z.infer<typeof SettingsChanged>;
/** A user's values for a ground's suggested cull, set whole for that ground; on the user's settings stream. */
export const DeerValuesSaved = managementEvent(T.deerValuesSaved);
export type DeerValuesSaved = z.infer<typeof DeerValuesSaved>;

/** A user's plans of one season are one stream, its id opaque; each event replaces the season's plans whole. */
export const PlansSet = managementEvent(T.plansSet);
export type PlansSet = z.infer<typeof PlansSet>;

export const GroundEvent = z.discriminatedUnion('type', [
  GroundCreated,
  GroundRenamed,
  GroundRedrawn,
  GroundNotesChanged,
  GroundArchived,
  GroundRestored,
  GroundMoved,
]);
export type GroundEvent = z.infer<typeof GroundEvent>;

export const OutingEvent = z.discriminatedUnion('type', [
  OutingStarted,
  OutingEnded,
  OutingAmended,
  OutingDeleted,
  OutingHuntersChanged,
  OutingSightingsRecorded,
]);
export type OutingEvent = z.infer<typeof OutingEvent>;

const CT = COUNT_EVENT_TYPES;
const CD = COUNT_EVENT_DATA;

/** A count event's schema: the shared envelope, its type, and its data as COUNT_EVENT_DATA says. */
function countEvent<const Type extends keyof typeof CD>(type: Type) {
  return z.object({ ...envelope, type: z.literal(type), data: CD[type] });
}

/** A count's stream is its id; its userId the user who counted. */
export const CountRecorded = countEvent(CT.countRecorded);
export type CountRecorded = z.infer<typeof CountRecorded>;
export const CountAmended = countEvent(CT.countAmended);
export type CountAmended = z.infer<typeof CountAmended>;
export const CountDeleted = countEvent(CT.countDeleted);
export type CountDeleted = z.infer<typeof CountDeleted>;

export const CountEvent = z.discriminatedUnion('type', [CountRecorded, CountAmended, CountDeleted]);
export type CountEvent = z.infer<typeof CountEvent>;

const TT = TEAM_EVENT_TYPES;
const TD = TEAM_EVENT_DATA;

/** A team event's schema: the shared envelope, its type, and its data as TEAM_EVENT_DATA says. */
function teamEvent<const Type extends keyof typeof TD>(type: Type) {
  return z.object({ ...envelope, type: z.literal(type), data: TD[type] });
}

/**
 * A team's stream is its id, and its events' `userId` is the team's own owner id (`teamOwnerId`), not a person's: a
 * member's erasure leaves the team's history whole, and its members are named in it only by member ids.
 */
export const TeamCreated = teamEvent(TT.teamCreated);
export type TeamCreated = z.infer<typeof TeamCreated>;
export const TeamRenamed = teamEvent(TT.teamRenamed);
export type TeamRenamed = z.infer<typeof TeamRenamed>;
export const TeamInviteCreated = teamEvent(TT.inviteCreated);
export type TeamInviteCreated = z.infer<typeof TeamInviteCreated>;
export const TeamInviteRevoked = teamEvent(TT.inviteRevoked);
export type TeamInviteRevoked = z.infer<typeof TeamInviteRevoked>;
export const TeamMemberJoined = teamEvent(TT.memberJoined);
export type TeamMemberJoined = z.infer<typeof TeamMemberJoined>;
export const TeamRoleChanged = teamEvent(TT.roleChanged);
export type TeamRoleChanged = z.infer<typeof TeamRoleChanged>;
export const TeamMemberLeft = teamEvent(TT.memberLeft);
export type TeamMemberLeft = z.infer<typeof TeamMemberLeft>;
export const TeamPermitGranted = teamEvent(TT.permitGranted);
export type TeamPermitGranted = z.infer<typeof TeamPermitGranted>;
export const TeamPermitEnded = teamEvent(TT.permitEnded);
export type TeamPermitEnded = z.infer<typeof TeamPermitEnded>;
/** The facts of an erased member's culls on the team's grounds, kept by the team and naming nobody. */
export const TeamCullsKept = teamEvent(TT.cullsKept);
export type TeamCullsKept = z.infer<typeof TeamCullsKept>;
/** Kept culls past retention, which the team no longer keeps. */
export const TeamKeptCullsRemoved = teamEvent(TT.keptCullsRemoved);
export type TeamKeptCullsRemoved = z.infer<typeof TeamKeptCullsRemoved>;

export const TeamEvent = z.discriminatedUnion('type', [
  TeamCreated,
  TeamRenamed,
  TeamInviteCreated,
  TeamInviteRevoked,
  TeamMemberJoined,
  TeamRoleChanged,
  TeamMemberLeft,
  TeamPermitGranted,
  TeamPermitEnded,
  TeamCullsKept,
  TeamKeptCullsRemoved,
]);
export type TeamEvent = z.infer<typeof TeamEvent>;

/**
 * In a user's own stream of team links (`teamLinksStreamId`): this user is this member of this team, under this
 * name. Their own event, so erased with them; the team's stream then names a member id that leads nowhere.
 */
export const MemberLinked = teamEvent(TT.memberLinked);
export type MemberLinked = z.infer<typeof MemberLinked>;

/** How every team's owner id begins; no person's user id does. */
export const TEAM_OWNER_PREFIX = 'team-';

/**
 * In a team's plans stream of one season (userId the team's owner id), appended with its plans.set.v1: how the
 * season's targets are shared out among members, by member id, replacing the allocations before.
 */
export const PlansAllocated = teamEvent(TT.plansAllocated);
export type PlansAllocated = z.infer<typeof PlansAllocated>;

/** The owner id of a team's events: one subject token, `culls.v1.team-<id>.>`, that a reporting tool can follow. */
export function teamOwnerId(teamId: string): string {
  return `${TEAM_OWNER_PREFIX}${teamId}`;
}

/** The team an owner id is (see teamOwnerId); undefined for a person's. */
export function teamOfOwner(ownerId: string): string | undefined {
  return ownerId.startsWith(TEAM_OWNER_PREFIX) ? ownerId.slice(TEAM_OWNER_PREFIX.length) : undefined;
}

/** The events of grounds, outings, settings and plans, and a record's placement: one version each so far. */
export const ManagementEvent = z.discriminatedUnion('type', [
  CullPlaced,
  ...GroundEvent.options,
  ...OutingEvent.options,
  SettingsChanged,
  DeerValuesSaved,
  PlansSet,
]);
export type ManagementEvent = z.infer<typeof ManagementEvent>;
export type ManagementEventType = ManagementEvent['type'];

/**
 * An event of a current type, of any family: what the log and the stream carry past the trust boundary. The
 * figures that follow culls alone take `CullEvent`; the event store, the bus and the projections carry this.
 */
/** Every family but the records', each of one version so far. */
const OTHER_FAMILIES = [
  ...ManagementEvent.options,
  ...TeamEvent.options,
  MemberLinked,
  PlansAllocated,
  ...CountEvent.options,
] as const;

export const LogEvent = z.discriminatedUnion('type', [...CullEvent.options, ...OTHER_FAMILIES]);
export type LogEvent = z.infer<typeof LogEvent>;
export type LogEventType = LogEvent['type'];

/** Any event the log or the stream may hold, of any family and version. */
export const AnyLogEvent = z.discriminatedUnion('type', [
  ...AnyCullEvent.options,
  ...OTHER_FAMILIES,
  OutingSightingsRecordedV1,
]);
export type AnyLogEvent = z.infer<typeof AnyLogEvent>;
export type AnyLogEventType = AnyLogEvent['type'];

/** The current cull event types: the figures follow these and pass over the rest. */
export const CULL_EVENT_TYPES: readonly CullEventType[] = CullEvent.options.map(
  (option) => option.shape.type.value,
);
const CULL_TYPES: ReadonlySet<string> = new Set(CULL_EVENT_TYPES);

/** Is this one of the cull events (not a placement, a ground, an outing, a setting or a plan)? */
export function isCullEvent<E extends LogEvent>(event: E): event is Extract<E, CullEvent> {
  return CULL_TYPES.has(event.type);
}

/** The events of a record's stream: the cull events and its placement (cull.placed.v1). */
export type CullStreamEvent = CullEvent | CullPlaced;

/** Is this an event of a record's stream (a cull event or a placement)? */
export function isCullStreamEvent<E extends LogEvent>(event: E): event is Extract<E, CullStreamEvent> {
  return CULL_TYPES.has(event.type) || event.type === MANAGEMENT_EVENT_TYPES.cullPlaced;
}

/** Every event type, earliest first: the cull events of each version, then grounds, outings, settings, plans. */
export const ALL_EVENT_TYPES: readonly AnyLogEventType[] = AnyLogEvent.options.map(
  (option) => option.shape.type.value,
);

/**
 * An event of any version as its current type. A v1 event's data is valid v2 data (every field v2 added is
 * optional), so upcasting renames the type and keeps everything else, id included.
 */
export function upcastCullEvent(event: AnyCullEvent): CullEvent;
export function upcastCullEvent(event: AnyLogEvent): LogEvent;
export function upcastCullEvent(event: AnyLogEvent): LogEvent {
  switch (event.type) {
    case LEGACY_EVENT_TYPES.recordedV1:
      return { ...event, type: EVENT_TYPES.recorded };
    case LEGACY_EVENT_TYPES.amendedV1:
      return { ...event, type: EVENT_TYPES.amended };
    case MANAGEMENT_LEGACY_EVENT_TYPES.outingSightingsRecordedV1:
      return { ...event, type: MANAGEMENT_EVENT_TYPES.outingSightingsRecorded };
    default:
      return event;
  }
}

/**
 * An event as read back from the store: with its position in the global log (1, 2, 3, ...). Without a type
 * argument, a cull event (what the figures take); the store, the bus and the projections carry `StoredLogEvent`.
 */
export type StoredEvent<E extends LogEvent = CullEvent> = E & { position: number };
/** Any event of the log as read back, with its position. */
export type StoredLogEvent = StoredEvent<LogEvent>;

const SHORT_NAMES = [
  'recorded',
  'amended',
  'deleted',
  'photo_added',
  'photo_removed',
  'placed',
  'ground_created',
  'ground_renamed',
  'ground_redrawn',
  'ground_notes_changed',
  'ground_archived',
  'ground_restored',
  'ground_moved',
  'outing_started',
  'outing_ended',
  'outing_amended',
  'outing_deleted',
  'outing_hunters_changed',
  'outing_sightings_recorded',
  'settings_changed',
  'settings_deer_values_saved',
  'plans_set',
  'team_created',
  'team_renamed',
  'team_invite_created',
  'team_invite_revoked',
  'team_member_joined',
  'team_role_changed',
  'team_member_left',
  'team_permit_granted',
  'team_permit_ended',
  'team_culls_kept',
  'team_kept_culls_removed',
  'member_linked',
  'plans_allocated',
  'count_recorded',
  'count_amended',
  'count_deleted',
] as const;
export type EventShortName = (typeof SHORT_NAMES)[number];

/**
 * The short name used as the last token of the bus subject, whatever the version: a cull event's bare name
 * (recorded, amended, deleted, photo_added, photo_removed, placed), any other `<family>_<name>` (ground_created,
 * outing_started, settings_changed, plans_set, ...).
 */
export function eventShortName(type: AnyLogEventType): EventShortName {
  const [family, name] = type.split('.');
  const short = family === 'cull' ? name : `${family}_${name}`;
  const known = SHORT_NAMES.find((candidate) => candidate === short);
  if (known === undefined) throw new Error(`Unknown event type: ${type}`);
  return known;
}

export const BUS_STREAM = 'CULLS';

const SAFE_SUBJECT_TOKEN = /^[A-Za-z0-9_-]+$/;

/**
 * A user id as one subject token. Google ids are digits and pass unchanged; anything with characters that
 * NATS treats specially ('.', '*', '>', spaces) is written as hex UTF-8 behind a '~' so it stays one token.
 */
export function userSubjectToken(userId: string): string {
  return SAFE_SUBJECT_TOKEN.test(userId)
    ? userId
    : `~${Array.from(new TextEncoder().encode(userId), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * culls.v1.<userId>.<short name>, for every family of event (the stream is still CULLS, its subjects culls.v1.>).
 * The subject's v1 is the layout of the subject, not of the event: every version of an event takes the same
 * subject, so a consumer's filter sees each record's whole history.
 */
export function busSubject(event: Pick<AnyLogEvent, 'type' | 'userId'>): string {
  return `culls.v1.${userSubjectToken(event.userId)}.${eventShortName(event.type)}`;
}

const EventPosition = z.number().int().min(1);

/** Why a value is not a stored event: each failing path and its message, in one line. */
export class EventContractError extends Error {
  override readonly name = 'EventContractError';
  constructor(readonly reason: string) {
    super(`Not an event of the log: ${reason}`);
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/**
 * The one check of "unknown → event": run where events enter a trust boundary (an append, bytes read from a
 * store or off the bus wire). Any family is accepted; an event of an earlier version is upcast, so everything
 * past that boundary sees current types only and passes the typed event along without re-checking.
 */
export function parseLogEvent(value: unknown): LogEvent {
  const parsed = AnyLogEvent.safeParse(value);
  if (!parsed.success) throw new EventContractError(describeIssues(parsed.error));
  return upcastCullEvent(parsed.data);
}

/** `parseLogEvent` for a place that takes cull events only: anything else is refused. */
export function parseCullEvent(value: unknown): CullEvent {
  const parsed = AnyCullEvent.safeParse(value);
  if (!parsed.success) throw new EventContractError(describeIssues(parsed.error));
  return upcastCullEvent(parsed.data);
}

/** `parseLogEvent` plus the event's global log position, for events read back from a store or the bus. */
export function parseStoredEvent(value: unknown, position: unknown): StoredLogEvent {
  const event = parseLogEvent(value);
  const checked = EventPosition.safeParse(position);
  if (!checked.success) throw new EventContractError('position: must be a whole number of at least 1');
  return { ...event, position: checked.data };
}
