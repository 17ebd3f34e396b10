import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  AmendCountRequest,
  Count,
  GroundDensityResponse,
  ListCountsQuery,
  ListCountsResponse,
  RecordCountRequest,
} from '@cull-log/contracts';
import { idPath, json, jsonBody, operation, written } from '../operation-kit';

const counts = 'Counts and density';

/** What is counted on a ground, and the density read from it. */
export const countPaths: ZodOpenApiPathsObject = {
  '/api/counts': {
    get: operation({
      operationId: 'listCounts',
      summary: 'List counts',
      description: 'The caller’s counts, newest day first; `?ground=` for one of their grounds.',
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
        'A count of deer on one of the caller’s grounds on a day, by a named method, in lines of species, sex and age class. A dung count sends `dung` (plots, plot area, pellet groups, days since clearance, defecation rate, species) and no lines: its density is worked out with its formula and working, and its deer over the ground’s area.',
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
  '/api/grounds/{id}/density': {
    get: operation({
      operationId: 'groundDensity',
      summary: 'A ground’s density of deer',
      description:
        'The ground’s area (geodesic, of its drawn boundary) in km², and each species’ deer per km² from its latest count. A ground with no boundary is refused on `boundary`: draw it first.',
      tag: counts,
      access: 'read',
      requestParams: { path: idPath },
      responses: { 200: json(GroundDensityResponse, 'The area and the densities.') },
      refusals: [400, 404],
    }),
  },
};
