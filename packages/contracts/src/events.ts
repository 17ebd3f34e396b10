import { z } from 'zod';
import { CullChanges, CullChangesV1, CullFields, CullFieldsV1 } from './cull';
import { CullPhoto, PhotoId } from './photos';

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

/** Envelope fields shared by every event: ids, stream and version, owner, time, correlation. */
const envelope = {
  id: z.string().min(1),
  streamId: z.string().min(1),
  version: z.number().int().min(1),
  userId: z.string().min(1),
  occurredAt: z.iso.datetime(),
  meta: z.object({ correlationId: z.string() }),
};

export const CullRecordedV1 = z.object({
  ...envelope,
  type: z.literal(LEGACY_EVENT_TYPES.recordedV1),
  data: CullFieldsV1,
});
export type CullRecordedV1 = z.infer<typeof CullRecordedV1>;

export const CullAmendedV1 = z.object({
  ...envelope,
  type: z.literal(LEGACY_EVENT_TYPES.amendedV1),
  /** The fields that changed; null clears an optional field. */
  data: z.object({ changes: CullChangesV1 }),
});
export type CullAmendedV1 = z.infer<typeof CullAmendedV1>;

export const CullRecorded = z.object({
  ...envelope,
  type: z.literal(EVENT_TYPES.recorded),
  data: CullFields,
});
export type CullRecorded = z.infer<typeof CullRecorded>;

export const CullAmended = z.object({
  ...envelope,
  type: z.literal(EVENT_TYPES.amended),
  /** The fields that changed; null clears an optional field. */
  data: z.object({ changes: CullChanges }),
});
export type CullAmended = z.infer<typeof CullAmended>;

export const CullDeleted = z.object({
  ...envelope,
  type: z.literal(EVENT_TYPES.deleted),
  data: z.object({}),
});
export type CullDeleted = z.infer<typeof CullDeleted>;

/** A photo was added to a record: what it is, never its bytes (those are in the blob store under its id). */
export const CullPhotoAdded = z.object({
  ...envelope,
  type: z.literal(EVENT_TYPES.photoAdded),
  data: CullPhoto,
});
export type CullPhotoAdded = z.infer<typeof CullPhotoAdded>;

/** A photo was removed from a record. */
export const CullPhotoRemoved = z.object({
  ...envelope,
  type: z.literal(EVENT_TYPES.photoRemoved),
  data: z.strictObject({ photo_id: PhotoId }),
});
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

/** Any event the log or the stream may hold, current or earlier. */
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

/** Every event type, earliest first. */
export const ALL_EVENT_TYPES: readonly AnyCullEventType[] = [
  LEGACY_EVENT_TYPES.recordedV1,
  LEGACY_EVENT_TYPES.amendedV1,
  EVENT_TYPES.recorded,
  EVENT_TYPES.amended,
  EVENT_TYPES.deleted,
  EVENT_TYPES.photoAdded,
  EVENT_TYPES.photoRemoved,
];

/**
 * An event of any version as its current type. A v1 event's data is valid v2 data (every field v2 added is
 * optional), so upcasting renames the type and keeps everything else, id included.
 */
export function upcastCullEvent(event: AnyCullEvent): CullEvent {
  switch (event.type) {
    case LEGACY_EVENT_TYPES.recordedV1:
      return { ...event, type: EVENT_TYPES.recorded };
    case LEGACY_EVENT_TYPES.amendedV1:
      return { ...event, type: EVENT_TYPES.amended };
    default:
      return event;
  }
}

/** An event as read back from the store: with its position in the global log (1, 2, 3, ...). */
export type StoredEvent<E extends CullEvent = CullEvent> = E & { position: number };

const SHORT_NAMES = ['recorded', 'amended', 'deleted', 'photo_added', 'photo_removed'] as const;
export type EventShortName = (typeof SHORT_NAMES)[number];

/**
 * The short name used as the last token of the bus subject, whatever the version: recorded, amended, deleted,
 * photo_added, photo_removed.
 */
export function eventShortName(type: AnyCullEventType): EventShortName {
  const name = type.split('.')[1];
  const known = SHORT_NAMES.find((short) => short === name);
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
 * culls.v1.<userId>.<recorded|amended|deleted|photo_added|photo_removed>. The subject's v1 is the layout of the subject, not of the event:
 * every version of an event takes the same subject, so a consumer's filter sees each record's whole history.
 */
export function busSubject(event: Pick<AnyCullEvent, 'type' | 'userId'>): string {
  return `culls.v1.${userSubjectToken(event.userId)}.${eventShortName(event.type)}`;
}

const EventPosition = z.number().int().min(1);

/** Why a value is not a stored event: each failing path and its message, in one line. */
export class EventContractError extends Error {
  override readonly name = 'EventContractError';
  constructor(readonly reason: string) {
    super(`Not a cull event: ${reason}`);
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/**
 * The one check of "unknown → event": run where events enter a trust boundary (an append, bytes read from a
 * store or off the bus wire). An event of an earlier version is upcast, so everything past that boundary sees
 * current types only and passes the typed event along without re-checking.
 */
export function parseCullEvent(value: unknown): CullEvent {
  const parsed = AnyCullEvent.safeParse(value);
  if (!parsed.success) throw new EventContractError(describeIssues(parsed.error));
  return upcastCullEvent(parsed.data);
}

/** `parseCullEvent` plus the event's global log position, for events read back from a store or the bus. */
export function parseStoredEvent(value: unknown, position: unknown): StoredEvent {
  const event = parseCullEvent(value);
  const checked = EventPosition.safeParse(position);
  if (!checked.success) throw new EventContractError('position: must be a whole number of at least 1');
  return { ...event, position: checked.data };
}
