import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';

const tag = 'About the API';

/** The description itself and its page: open to anyone, signed in or not. */
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
      },
    },
  },
  '/api/docs': {
    get: {
      operationId: 'getApiReference',
      summary: 'The API reference, for people',
      tags: [tag],
      security: [],
      responses: {
        200: { description: 'The reference page.', content: { 'text/html': { schema: z.string() } } },
      },
    },
  },
};
