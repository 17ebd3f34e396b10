import { CullEvent, type StoredEvent } from '@cull-log/contracts';

/**
 * Checks that `events` continue `streamId` from `expectedVersion` and match the event contract,
 * returning them as the contract parses them. A mismatch is a caller bug, never a conflict.
 */
export function checkAppend(streamId: string, expectedVersion: number, events: CullEvent[]): CullEvent[] {
  if (!Number.isInteger(expectedVersion) || expectedVersion < 0) {
    throw new RangeError(`Expected version must be a whole number >= 0, got ${expectedVersion}`);
  }
  return events.map((event, index) => {
    const parsed = CullEvent.safeParse(event);
    if (!parsed.success) {
      throw new Error(`Event ${index + 1} of the append does not match the event contract`, {
        cause: parsed.error,
      });
    }
    const wantedVersion = expectedVersion + index + 1;
    if (parsed.data.streamId !== streamId || parsed.data.version !== wantedVersion) {
      throw new Error(
        `Event ${index + 1} of the append must be ${streamId} version ${wantedVersion}, ` +
          `got ${parsed.data.streamId} version ${parsed.data.version}`,
      );
    }
    return parsed.data;
  });
}

/** Rebuilds a stored event from what a store read back, checked against the event contract. */
export function readBack(stored: Record<string, unknown>, position: number): StoredEvent {
  const parsed = CullEvent.safeParse(stored);
  if (!parsed.success) {
    throw new Error(`Stored event at position ${position} does not match the event contract`, {
      cause: parsed.error,
    });
  }
  return { ...parsed.data, position };
}

export function checkReadAll(afterPosition: number, limit: number): void {
  if (!Number.isInteger(afterPosition) || afterPosition < 0) {
    throw new RangeError(`afterPosition must be a whole number >= 0, got ${afterPosition}`);
  }
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`limit must be a whole number >= 1, got ${limit}`);
  }
}
