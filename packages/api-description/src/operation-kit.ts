import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject } from 'zod-openapi';
import { ApiError, EVENT_POSITION_HEADER, TeamId } from '@cull-log/contracts';

/** The statuses an answer of the API can be refused with, each with the words of its description. */
const REFUSALS = {
  400: 'The request was refused: `error.fields` names each field at fault and why, in the form’s words.',
  401: 'Not signed in: no session cookie, or no valid personal access token.',
  403: 'Not allowed: a role in the team that may not, a read-only token on a write, or a write from another site.',
  404: 'No such thing among the caller’s own (another user’s is answered the same way).',
  409: 'A conflict: the record changed since it was read (`expected_version`), or the thing is in a state that forbids it.',
  413: 'The body is larger than this route takes.',
  429: 'Too many requests from this user this minute: wait and try again.',
  503: 'A service behind the gateway is not answering: try again shortly.',
} as const;
export type RefusalStatus = keyof typeof REFUSALS;

const errorAnswer = (status: RefusalStatus): ZodOpenApiResponseObject => ({
  description: REFUSALS[status],
  content: { 'application/json': { schema: ApiError } },
});

/** Every `/api` route may answer these: no sign-in, too many requests, a service away. */
const ALWAYS: RefusalStatus[] = [401, 429, 503];

/** A JSON answer. */
export function json(schema: z.ZodType, description: string): ZodOpenApiResponseObject {
  return { description, content: { 'application/json': { schema } } };
}

/** A write's answer, carrying the position of its last event for a read that must see it. */
export function written(schema: z.ZodType | undefined, description: string): ZodOpenApiResponseObject {
  return {
    description,
    headers: z.object({
      [EVENT_POSITION_HEADER]: z.string().regex(/^\d+$/).meta({
        description:
          'The global position of the write’s last event: pass it as `after` to a read of figures or documents to see the write.',
      }),
    }),
    ...(schema === undefined ? {} : { content: { 'application/json': { schema } } }),
  };
}

/** A file answer (CSV, PDF, photo, zip), downloaded as bytes. */
export function file(mediaType: string, description: string): ZodOpenApiResponseObject {
  return {
    description,
    content: { [mediaType]: { schema: z.string().meta({ format: 'binary' }) } },
  };
}

/** `{ id }` in the path, and the other path parameters a route names. */
export const idPath = z.object({ id: z.string().meta({ description: 'The id, as the API answered it.' }) });

/** `?team=`: read (or write) a team's instead of the caller's own, as a member of it. */
export const teamQuery = z.object({
  team: TeamId.optional().meta({
    description: 'A team the caller belongs to: its records, grounds or figures instead of the caller’s own.',
  }),
});

type Access = 'read' | 'write' | 'session';

/**
 * The security of an operation: a read takes a session or any token, a write a session or a write token; the
 * account's own routes (sessions, tokens, export, erasure) take the session only, never a token.
 */
function securityOf(access: Access): ZodOpenApiOperationObject['security'] {
  if (access === 'session') return [{ sessionCookie: [] }];
  return [{ sessionCookie: [] }, { bearerAuth: [access] }];
}

export interface OperationParts {
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  requestParams?: ZodOpenApiOperationObject['requestParams'];
  requestBody?: ZodOpenApiOperationObject['requestBody'];
  responses: Record<number, ZodOpenApiResponseObject>;
  /** The refusals this route may answer beyond 401, 429 and 503. */
  refusals?: RefusalStatus[];
}

/** One operation: its answers, the refusals every `/api` route may answer, and its security. */
export function operation(parts: OperationParts): ZodOpenApiOperationObject {
  // A write may also be refused for coming from another site or with a read-only token, and for a body too large.
  const ofWrites: RefusalStatus[] = parts.access === 'read' ? [] : [403];
  const ofBodies: RefusalStatus[] = parts.requestBody === undefined ? [] : [413];
  const refusals = [...new Set([...(parts.refusals ?? []), ...ALWAYS, ...ofWrites, ...ofBodies])].sort();
  const responses: Record<string, ZodOpenApiResponseObject> = { ...parts.responses };
  for (const status of refusals) responses[status] = errorAnswer(status);
  return {
    operationId: parts.operationId,
    summary: parts.summary,
    ...(parts.description === undefined ? {} : { description: parts.description }),
    tags: [parts.tag],
    security: securityOf(parts.access),
    ...(parts.requestParams === undefined ? {} : { requestParams: parts.requestParams }),
    ...(parts.requestBody === undefined ? {} : { requestBody: parts.requestBody }),
    responses: responses as ZodOpenApiOperationObject['responses'],
  };
}

/** A JSON request body. */
export function jsonBody(schema: z.ZodType, description?: string): ZodOpenApiOperationObject['requestBody'] {
  return {
    required: true,
    ...(description === undefined ? {} : { description }),
    content: { 'application/json': { schema } },
  };
}
