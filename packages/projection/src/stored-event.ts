import { z } from 'zod';
import { CullEvent, type StoredEvent } from '@cull-log/contracts';

const Position = z.number().int().min(1);

/** Checks what arrives from the bus or the event log against the event schemas, keeping its global position. */
export function readStoredEvent(raw: unknown): StoredEvent {
  const event = CullEvent.parse(raw);
  return { ...event, position: Position.parse((raw as { position?: unknown }).position) };
}
