import { z } from 'zod';
import { CullChanges, CullFields } from './cull';

export const EVENT_TYPES = {
  recorded: 'cull.recorded.v1',
  amended: 'cull.amended.v1',
  deleted: 'cull.deleted.v1',
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

export const CullEvent = z.discriminatedUnion('type', [CullRecorded, CullAmended, CullDeleted]);
export type CullEvent = z.infer<typeof CullEvent>;
export type CullEventType = CullEvent['type'];

/** An event as read back from the store: with its position in the global log (1, 2, 3, ...). */
export type StoredEvent<E extends CullEvent = CullEvent> = E & { position: number };

/** The short name used as the last token of the bus subject: recorded, amended, deleted. */
export function eventShortName(type: CullEventType): 'recorded' | 'amended' | 'deleted' {
  const name = type.split('.')[1];
  if (name === 'recorded' || name === 'amended' || name === 'deleted') return name;
  throw new Error(`Unknown event type: ${type}`);
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

/** culls.v1.<userId>.<recorded|amended|deleted> */
export function busSubject(event: Pick<CullEvent, 'type' | 'userId'>): string {
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
 * store or off the bus wire). Everything past that boundary passes the typed event along without re-checking.
 */
export function parseCullEvent(value: unknown): CullEvent {
  const parsed = CullEvent.safeParse(value);
  if (!parsed.success) throw new EventContractError(describeIssues(parsed.error));
  return parsed.data;
}

/** `parseCullEvent` plus the event's global log position, for events read back from a store or the bus. */
export function parseStoredEvent(value: unknown, position: unknown): StoredEvent {
  const event = parseCullEvent(value);
  const checked = EventPosition.safeParse(position);
  if (!checked.success) throw new EventContractError('position: must be a whole number of at least 1');
  return { ...event, position: checked.data };
}
