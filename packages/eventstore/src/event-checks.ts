import {
  ALL_EVENT_TYPES,
  EventContractError,
  parseLogEvent,
  upcastCullEvent,
  type AnyLogEvent,
  type LogEvent,
  type StoredLogEvent,
} from '@cull-log/contracts';
import type { StreamAppend } from './event-store';

/**
 * Checks that `events` continue `streamId` from `expectedVersion` and match the event contract,
 * returning them as the contract parses them. A mismatch is a caller bug, never a conflict.
 */
export function checkAppend(streamId: string, expectedVersion: number, events: LogEvent[]): LogEvent[] {
  if (!Number.isInteger(expectedVersion) || expectedVersion < 0) {
    throw new RangeError(`Expected version must be a whole number >= 0, got ${expectedVersion}`);
  }
  return events.map((event, index) => {
    let parsed: LogEvent;
    try {
      parsed = parseLogEvent(event);
    } catch (error) {
      throw new Error(`Event ${index + 1} of the append does not match the event contract`, { cause: error });
    }
    const wantedVersion = expectedVersion + index + 1;
    if (parsed.streamId !== streamId || parsed.version !== wantedVersion) {
      throw new Error(
        `Event ${index + 1} of the append must be ${streamId} version ${wantedVersion}, ` +
          `got ${parsed.streamId} version ${parsed.version}`,
      );
    }
    return parsed;
  });
}

/** Checks each part of an `appendMany` as `checkAppend` does, and that no stream is named twice. */
export function checkAppendMany(appends: StreamAppend[]): StreamAppend[] {
  const streams = new Set<string>();
  return appends.map(({ streamId, expectedVersion, events }) => {
    if (streams.has(streamId)) throw new Error(`Stream ${streamId} is named twice in one appendMany`);
    streams.add(streamId);
    return { streamId, expectedVersion, events: checkAppend(streamId, expectedVersion, events) };
  });
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(ALL_EVENT_TYPES);

/**
 * Rebuilds a stored event from what the store read back, upcast to its current type. Only our own appends write
 * the log, each checked against the contract of its day, so the shape is trusted here rather than parsed again on
 * every read; only the type is looked at, so an event of a type this code does not know fails loudly.
 */
export function readBack(
  stored: { type: string; [field: string]: unknown },
  position: number,
): StoredLogEvent {
  if (!KNOWN_TYPES.has(stored.type)) {
    throw new Error(`Stored event at position ${position} does not match the event contract`, {
      cause: new EventContractError(`type: unknown event type ${stored.type}`),
    });
  }
  return { ...upcastCullEvent(stored as unknown as AnyLogEvent), position };
}

export function checkReadAll(afterPosition: number, limit: number): void {
  if (!Number.isInteger(afterPosition) || afterPosition < 0) {
    throw new RangeError(`afterPosition must be a whole number >= 0, got ${afterPosition}`);
  }
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`limit must be a whole number >= 1, got ${limit}`);
  }
}

/** Checks that each rewritten event matches the event contract and is the user's, returning them as parsed. */
export function checkRewrite(userId: string, events: readonly LogEvent[]): LogEvent[] {
  return events.map((event, index) => {
    let parsed: LogEvent;
    try {
      parsed = parseLogEvent(event);
    } catch (error) {
      throw new Error(`Event ${index + 1} of the rewrite does not match the event contract`, {
        cause: error,
      });
    }
    if (parsed.userId !== userId) throw new Error(`Event ${index + 1} of the rewrite is not ${userId}'s`);
    return parsed;
  });
}
