import type { FastifyRequest } from 'fastify';
import type { CommandMeta } from '@cull-log/contracts';

/** What every command of a request carries: the caller, a new event id, the time, the request id. */
export function commandMetaOf(now: () => Date, newId: () => string) {
  return (request: FastifyRequest): CommandMeta => ({
    userId: request.identity.uid,
    eventId: newId(),
    occurredAt: now().toISOString(),
    correlationId: request.id,
  });
}
