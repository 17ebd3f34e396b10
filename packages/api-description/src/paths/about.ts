import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { ApiError } from '@cull-log/contracts';

const tag = 'About the API';
const tooMany = {
  description: 'Too many requests from this address this minute: wait and try again.',
  content: { 'application/json': { schema: ApiError } },
};

/** The description itself: open to anyone, signed in or not. Its page for people, `/api/docs`, is not an operation. */
export const aboutPaths: ZodOpenApiPathsObject = {
  '/api/openapi.json': {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This description, OpenAPI 3.1',
      tags: [tag],
      security: [],
      responses: {
        200: {
          description: 'The OpenAPI document.',
          content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
        },
        429: tooMany,
      },
    },
  },
};
