import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  AmendCountRequest,
  Count,
  CullSuggestionQuery,
  CullSuggestionResponse,
  DeerManagementCsvQuery,
  GroundDensityResponse,
  GroundTrendsResponse,
  ListCountsQuery,
  ListCountsResponse,
  PlansResponse,
  RecordCountRequest,
  SeasonKey,
} from '@cull-log/contracts';
import { file, idPath, json, jsonBody, operation, teamQuery, written } from '../operation-kit';

const counts = 'Counts and density';
const seasonPath = z.object({ season: SeasonKey.meta({ description: 'The season, e.g. 2025-26.' }) });

/** A per-species query value as a tool sends it: one for every species (`8`), or a species' own (`Roe Deer:8`). */
const perSpecies = (what: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .meta({
      description: `${what}: a number for every species (\`8\`), or a species and a number (\`Roe Deer:8\`), repeated for each.`,
    });

/** The suggestion's query as the description shows it: the contract's, its per-species values as sent. */
const suggestionQuery = CullSuggestionQuery.omit({
  target_density: true,
  recruitment: true,
  female_share: true,
}).extend({
  target_density: perSpecies('Target density, deer per km² (without it, the species is held where it is)'),
  recruitment: perSpecies(
    'Recruitment, % of the population a year (without it, the Deer Initiative’s rule of thumb)',
  ),
  female_share: perSpecies('At least this % of the cull female (without it, 50)'),
});

/** What is counted on a ground, and the density read from it. */
export const countPaths: ZodOpenApiPathsObject = {
  '/api/counts': {
    get: operation({
      operationId: 'listCounts',
      summary: 'List counts',
      description:
        'The caller’s counts, newest day first; `?ground=` for one of their grounds. With `?team=`, every member’s counts on the team’s grounds (`?ground=` one of them), each with `counted_by`: a guest reads only their own, a viewer without notes.',
      tag: counts,
      access: 'read',
      requestParams: { query: ListCountsQuery },
      responses: { 200: json(ListCountsResponse, 'The counts.') },
      refusals: [400, 404],
    }),
    post: operation({
      operationId: 'recordCount',
      summary: 'Record a count',
      description:
        'A count of deer on a day on one of the caller’s grounds (or on a team’s ground they may record a cull on that day), by a named method, in lines of species, sex and age class. A dung count sends `dung` (plots, plot area, pellet groups, days since clearance, defecation rate, species) and no lines: its density is worked out with its formula and working, and its deer over the ground’s area.',
      tag: counts,
      access: 'write',
      requestBody: jsonBody(RecordCountRequest),
      responses: { 201: written(Count, 'The count.') },
      refusals: [400, 409],
    }),
  },
  '/api/counts/{id}': {
    get: operation({
      operationId: 'getCount',
      summary: 'Read a count',
      tag: counts,
      access: 'read',
      requestParams: { path: idPath },
      responses: { 200: json(Count, 'The count.') },
      refusals: [404],
    }),
    patch: operation({
      operationId: 'amendCount',
      summary: 'Change a count',
      tag: counts,
      access: 'write',
      requestParams: { path: idPath },
      requestBody: jsonBody(AmendCountRequest),
      responses: { 200: written(Count, 'The count as it now is.') },
      refusals: [400, 404, 409],
    }),
    delete: operation({
      operationId: 'deleteCount',
      summary: 'Delete a count',
      tag: counts,
      access: 'write',
      requestParams: { path: idPath },
      responses: { 204: written(undefined, 'Deleted.') },
      refusals: [404, 409],
    }),
  },
  '/api/plans/{season}/suggestion': {
    get: operation({
      operationId: 'suggestCull',
      summary: 'A suggested cull for a ground',
      description:
        'For each species counted on one of the caller’s grounds, from its latest density: a reduction cull to the target over the seasons given (three unless told), or a maintenance cull of the year’s young, at least the female share female, by sex and age class, with the working step by step and the population model’s seasons. A species with no known recruitment rate has none, its working saying why. A value the query leaves out is the one saved for the ground when a suggestion was last accepted, else the default; each species’ working says in `sources` where each came from (`given`, `saved`, `default`). With `team`, a team’s ground, from its members’ latest count (a guest’s, their own) and the values the team saved.',
      tag: counts,
      access: 'read',
      requestParams: { path: seasonPath, query: suggestionQuery },
      responses: { 200: json(CullSuggestionResponse, 'The suggested cull and its working.') },
      refusals: [400, 404],
    }),
    post: operation({
      operationId: 'acceptSuggestedCull',
      summary: 'Accept the suggested cull into the season’s plan',
      description:
        'Works out the suggestion as `GET` does, with the same query, and writes it into the ground’s plan of the season: for each species suggested, adult males as `Male`, adult females as `Female` and the young of both sexes as `Juvenile`, replacing that species’ targets there; the ground’s other species and every other plan stay as they were, and the manager can still change them with `PUT /api/plans/{season}`. The values it was worked out with (those asked, else those saved before; never the defaults) are saved for the ground, for the next suggestion and the season report. With `team`, a manager’s alone (403 to any other member): into the team’s plan, the values saved as the team’s.',
      tag: counts,
      access: 'write',
      requestParams: { path: seasonPath, query: suggestionQuery },
      responses: { 200: written(PlansResponse, 'The season’s plans as they now are.') },
      refusals: [400, 403, 404, 409],
    }),
  },
  '/api/grounds/{id}/density': {
    get: operation({
      operationId: 'groundDensity',
      summary: 'A ground’s density of deer',
      description:
        'The ground’s area (geodesic, of its drawn boundary) in km², and each species’ deer per km² from its latest count. With `?team=`, a team’s ground, from the latest count by any member. A ground with no boundary is refused on `boundary`: draw it first.',
      tag: counts,
      access: 'read',
      requestParams: { path: idPath, query: teamQuery },
      responses: { 200: json(GroundDensityResponse, 'The area and the densities.') },
      refusals: [400, 404],
    }),
  },
  '/api/sightings.csv': {
    get: operation({
      operationId: 'exportSightings',
      summary: 'Sightings and effort as CSV',
      description:
        'The caller’s outings, oldest first, a line for each species, sex and age class seen, with the outing’s ground, start and end (dd/MM/yyyy HH:mm, UK time), hours and people out. A blank outing is one line with no species and a count of 0; an outing whose sightings were never recorded, one line with no species and no count. `?season=` and `?ground=` narrow it; a few downloads at a time per user.',
      tag: counts,
      access: 'read',
      requestParams: { query: DeerManagementCsvQuery },
      responses: { 200: file('text/csv', 'The sightings, CSV (UTF-8).') },
      refusals: [400, 404],
    }),
  },
  '/api/counts.csv': {
    get: operation({
      operationId: 'exportCounts',
      summary: 'Counts as CSV',
      description:
        'The caller’s counts, oldest first, a line for each species, sex and age class counted, with the ground, date (dd/MM/yyyy), method and notes; a dung count’s plots, plot area, pellet groups, days since clearance, defecation rate and deer per km² in the columns after. `?season=` and `?ground=` narrow it; a few downloads at a time per user.',
      tag: counts,
      access: 'read',
      requestParams: { query: DeerManagementCsvQuery },
      responses: { 200: file('text/csv', 'The counts, CSV (UTF-8).') },
      refusals: [400, 404],
    }),
  },
  '/api/grounds/{id}/trends': {
    get: operation({
      operationId: 'groundTrends',
      summary: 'A ground’s trends over the seasons',
      description:
        'For each species counted, seen or culled on one of the caller’s grounds, season by season (by the caller’s season start, from the first with anything recorded to the current one, at most ten): the season’s latest count and its density (none without a boundary), deer seen per hunter-hour and hunter-hours per deer culled on the season’s ended outings, and the records by sex; which way each figure points, with a sentence; what effort says of the deer (hours per deer rising while sightings per hunter-hour fall: fewer deer); and one sentence for the species. With `?team=`, a team’s ground, every member’s counts, outings and records on it gathered (a guest’s, their own), by the team’s season start.',
      tag: counts,
      access: 'read',
      requestParams: { path: idPath, query: teamQuery },
      responses: { 200: json(GroundTrendsResponse, 'The seasons and each species’ figures and trends.') },
      refusals: [404],
    }),
  },
};
