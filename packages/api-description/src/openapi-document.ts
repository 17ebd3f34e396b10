import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi';
import { ApiError, CullView, Ground, Outing, PlansResponse, Team } from '@cull-log/contracts';
import { aboutPaths } from './paths/about';
import { accountPaths } from './paths/account';
import { countPaths } from './paths/counts';
import { documentPaths } from './paths/documents';
import { groundPaths } from './paths/grounds';
import { importPaths } from './paths/imports';
import { recordPaths } from './paths/records';
import { teamPaths } from './paths/teams';
import { tokenPaths } from './paths/tokens';

/**
 * Every public `/api` route, by area; a route the gateway answers and this omits fails the coverage test, and so does
 * an area here that no route answers. The imports' routes (`importPaths`, in `paths/imports.ts`) join the list with
 * the import service.
 */
const PATHS: ZodOpenApiPathsObject[] = [
  accountPaths,
  tokenPaths,
  recordPaths,
  groundPaths,
  countPaths,
  teamPaths,
  documentPaths,
  importPaths,
  aboutPaths,
];

const DESCRIPTION = `Cull Log’s API: the one the web app uses, described for your own tools (a deer management group’s
spreadsheet, a GIS, a script). Every route is under \`/api\` on the app’s own address.

**Signing in.** A browser signs in and carries the session cookie. A tool sends a personal access token, made
while signed in (\`POST /api/tokens\`): \`Authorization: Bearer <token>\`. A *read* token reads everything the user
can read; a *write* token also writes. No token reaches the sessions, the tokens themselves, the account export or
the erasure: those take the session only.

**Teams.** Most reads take \`?team=<id>\` to read a team’s records, grounds or figures instead of the caller’s own,
as far as the caller’s role in the team allows.

**Errors** answer \`{ "error": { "code", "message", "fields"? } }\` (\`ApiError\`), \`fields\` naming each field at
fault of a refused body or query.

**Writes** answer the header \`x-event-position\`; pass it as \`after\` to a read of figures or documents (stats,
larder, declarations) to wait until they include the write.

**The reference page** for people is \`/api/docs\`.

**Events.** Everything written is an event on the CULLS stream, described by the AsyncAPI document
\`packages/contracts/schemas/asyncapi.json\`.`;

export type OpenApiDocument = ReturnType<typeof createDocument>;

/** The OpenAPI 3.1 description of every public `/api` route, made from the contracts the services validate with. */
export function openApiDocument(): OpenApiDocument {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Cull Log API',
      version: '1.0.0',
      description: DESCRIPTION,
    },
    servers: [{ url: '/', description: 'The app’s own address.' }],
    security: [{ sessionCookie: [] }, { bearerAuth: ['read'] }],
    tags: [
      { name: 'Account', description: 'Who is signed in, their sessions, their account.' },
      { name: 'Records', description: 'Culls: record, read, amend, delete, photos, the map.' },
      { name: 'Grounds and outings', description: 'Where and when the user stalks.' },
      {
        name: 'Counts and density',
        description:
          'Deer counted on a ground (by sight or from dung), the density read from them, and the trends over the seasons.',
      },
      { name: 'Settings and plans', description: 'The season start, and each season’s cull plans.' },
      { name: 'Teams', description: 'Syndicates, estates and deer management groups.' },
      {
        name: 'Figures and documents',
        description: 'Stats, plans’ progress, the larder book, CSV and PDF files.',
      },
      { name: 'Imports', description: 'Records brought in from a spreadsheet.' },
      { name: 'About the API', description: 'This description and its reference page.' },
    ],
    paths: Object.assign({}, ...PATHS) as ZodOpenApiPathsObject,
    components: {
      schemas: { ApiError, CullView, Ground, Outing, Team, PlansResponse },
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'cull_session',
          description:
            'The session a browser gets on signing in (named `__Host-cull_session` in production). Writes with it must come from the app’s own origin.',
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal access token, `Authorization: Bearer <token>`. Scope `read` reads; scope `write` reads and writes. Tokens expire (a year at most), can be revoked at once, and never reach sessions, tokens, the account export or the erasure.',
        },
      },
    },
  });
}
