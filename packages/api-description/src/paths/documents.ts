import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  AfterQuery,
  DECLARATION_NUMBER_HEADER,
  DeclarationRequest,
  ExportQuery,
  LarderQuery,
  LarderResponse,
  PlanProgressQuery,
  PlanProgressResponse,
  SeasonKey,
  SeasonReportQuery,
  StatsQuery,
  StatsResponse,
} from '@cull-log/contracts';
import { file, idPath, json, jsonBody, operation, teamQuery } from '../operation-kit';

const tag = 'Figures and documents';
const seasonPath = z.object({ season: SeasonKey.meta({ description: 'The season, e.g. 2025-26.' }) });
const declarationPdf = file('application/pdf', 'The declaration, a PDF.');
const declarationHeaders = z.object({
  [DECLARATION_NUMBER_HEADER]: z
    .string()
    .meta({ description: 'The declaration’s number, the user’s own, kept for good.' }),
});

/** What the stats and exports services make from the event stream: figures, the larder book, files. */
export const documentPaths: ZodOpenApiPathsObject = {
  '/api/stats': {
    get: operation({
      operationId: 'getStats',
      summary: 'The figures',
      description:
        'Totals, species, months and a season’s table, the caller’s own or (with `team`) the team’s. `after` waits briefly until the figures include the write that answered that position.',
      tag,
      access: 'read',
      requestParams: { query: StatsQuery.safeExtend(teamQuery.shape) },
      responses: { 200: json(StatsResponse, 'The figures.') },
      refusals: [400, 404],
    }),
  },
  '/api/plans/{season}/progress': {
    get: operation({
      operationId: 'getPlanProgress',
      summary: 'A season’s plans against its culls',
      tag,
      access: 'read',
      requestParams: { path: seasonPath, query: PlanProgressQuery.safeExtend(teamQuery.shape) },
      responses: { 200: json(PlanProgressResponse, 'Each plan with how many are culled.') },
      refusals: [400, 404],
    }),
  },
  '/api/reports/season.pdf': {
    get: operation({
      operationId: 'getSeasonReport',
      summary: 'The season report',
      description:
        'The season’s culls against the plan, by ground and month, outings, weights, carcass destinations and legal warnings; and, for the caller’s own report, a part on deer management for each ground with something counted or seen in the season: its area, the season’s counts, the density per species, the effort (outings, hunter-hours, sightings per hunter-hour, hours per deer) and the suggested cull beside the plan and the actual cull by class.',
      tag,
      access: 'read',
      requestParams: { query: SeasonReportQuery.safeExtend(teamQuery.shape) },
      responses: { 200: file('application/pdf', 'The season’s report, a PDF.') },
      refusals: [400, 404],
    }),
  },
  '/api/exports/culls.csv': {
    get: operation({
      operationId: 'exportCulls',
      summary: 'Every record as CSV',
      description:
        'The caller’s records (or, with `team`, the team’s) as CSV, one line each, every field; a few at a time per user.',
      tag,
      access: 'read',
      requestParams: { query: ExportQuery.safeExtend(teamQuery.shape) },
      responses: { 200: file('text/csv', 'The records, CSV (UTF-8).') },
      refusals: [400, 404],
    }),
  },
  '/api/larder': {
    get: operation({
      operationId: 'getLarderBook',
      summary: 'The larder book',
      tag,
      access: 'read',
      requestParams: { query: LarderQuery.safeExtend(teamQuery.shape) },
      responses: { 200: json(LarderResponse, 'The season’s carcasses and where each went.') },
      refusals: [400, 404],
    }),
  },
  '/api/larder.csv': {
    get: operation({
      operationId: 'exportLarderBook',
      summary: 'The larder book as CSV',
      tag,
      access: 'read',
      requestParams: { query: LarderQuery.safeExtend(teamQuery.shape) },
      responses: { 200: file('text/csv', 'The larder book, CSV (UTF-8).') },
      refusals: [400, 404],
    }),
  },
  '/api/culls/{id}/declaration.pdf': {
    get: operation({
      operationId: 'getCullDeclaration',
      summary: 'A carcass’s trained-hunter declaration, again',
      description:
        'The declaration already made for one carcass, with its number; 404 until one is made (POST), as a read never issues a number.',
      tag,
      access: 'read',
      requestParams: { path: idPath, query: AfterQuery },
      responses: { 200: { ...declarationPdf, headers: declarationHeaders } },
      refusals: [400, 404, 409],
    }),
    post: operation({
      operationId: 'declareCull',
      summary: 'Make a carcass’s trained-hunter declaration',
      description:
        'The declaration of one carcass, to the game dealer its record names: issues its number the first time, and answers the same number after.',
      tag,
      access: 'write',
      requestParams: { path: idPath, query: AfterQuery },
      responses: { 200: { ...declarationPdf, headers: declarationHeaders } },
      refusals: [400, 404, 409],
    }),
  },
  '/api/declarations': {
    post: operation({
      operationId: 'declareConsignment',
      summary: 'A consignment’s declaration',
      description: 'One declaration for several carcasses going to the same game dealer.',
      tag,
      access: 'write',
      requestBody: jsonBody(DeclarationRequest),
      responses: { 200: { ...declarationPdf, headers: declarationHeaders } },
      refusals: [400, 404, 409],
    }),
  },
};
