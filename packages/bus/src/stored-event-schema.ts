import { CullEvent, type StoredEvent } from '@cull-log/contracts';

export type ParsedStoredEvent = { ok: true; event: StoredEvent } | { ok: false; reason: string };

/** Checks a message from outside the process against the event contract, plus its log position. */
export function parseStoredEvent(value: unknown): ParsedStoredEvent {
  const parsed = CullEvent.safeParse(value);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    return { ok: false, reason: reasons.join('; ') };
  }
  const position = (value as { position?: unknown }).position;
  if (typeof position !== 'number' || !Number.isInteger(position) || position < 1) {
    return { ok: false, reason: 'position: must be a whole number of at least 1' };
  }
  return { ok: true, event: { ...parsed.data, position } };
}
