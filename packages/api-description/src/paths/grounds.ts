import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  AmendGroundRequest,
  AmendOutingRequest,
  CreateGroundRequest,
  Ground,
  ListGroundsResponse,
  ListOutingsQuery,
  ListOutingsResponse,
  Outing,
  PlaceSearchQuery,
  PlacesResponse,
  PlansResponse,
  PutPlansRequest,
  SeasonKey,
  Settings,
  StartOutingRequest,
  UpdateSettingsRequest,
} from '@cull-log/contracts';
import { idPath, json, jsonBody, operation, teamQuery, written } from '../operation-kit';

const grounds = 'Grounds and outings';
const seasonPath = z.object({ season: SeasonKey.meta({ description: 'The season, e.g. 2025-26.' }) });

/** Where and when the user stalks: grounds, outings, settings, plans, and the place-name search. */
export const groundPaths: ZodOpenApiPathsObject = {
  '/api/grounds': {
    get: operation({
      operationId: 'listGrounds',
      summary: 'List grounds',
      tag: grounds,
      access: 'read',
      requestParams: { query: teamQuery },
      responses: {
        200: json(ListGroundsResponse, 'The caller’s grounds (or the team’s), archived ones included.'),
      },
      refusals: [400, 404],
    }),
    post: operation({
      operationId: 'createGround',
      summary: 'Create a ground',
      tag: grounds,
      access: 'write',
      requestBody: jsonBody(CreateGroundRequest),
      responses: { 201: written(Ground, 'The ground.') },
      refusals: [400, 403, 404, 409],
    }),
  },
  '/api/grounds/{id}': {
    get: operation({
      operationId: 'getGround',
      summary: 'Read a ground',
      tag: grounds,
      access: 'read',
      requestParams: { path: idPath, query: teamQuery },
      responses: { 200: json(Ground, 'The ground.') },
      refusals: [400, 404],
    }),
    patch: operation({
      operationId: 'amendGround',
      summary: 'Change a ground, or move it into a team',
      tag: grounds,
      access: 'write',
      requestParams: { path: idPath, query: teamQuery },
      requestBody: jsonBody(AmendGroundRequest),
      responses: { 200: written(Ground, 'The ground as it now is.') },
      refusals: [400, 403, 404, 409],
    }),
    delete: operation({
      operationId: 'archiveGround',
      summary: 'Archive a ground',
      description:
        'An archived ground keeps its records and takes no new ones; `PATCH` with `archived: false` restores it.',
      tag: grounds,
      access: 'write',
      requestParams: { path: idPath, query: teamQuery },
      responses: { 200: written(Ground, 'The ground, archived.') },
      refusals: [403, 404, 409],
    }),
  },
  '/api/outings': {
    get: operation({
      operationId: 'listOutings',
      summary: 'List outings',
      tag: grounds,
      access: 'read',
      requestParams: { query: ListOutingsQuery },
      responses: { 200: json(ListOutingsResponse, 'The outings, and the one under way if any.') },
      refusals: [400],
    }),
    post: operation({
      operationId: 'startOuting',
      summary: 'Start an outing, or record one afterwards',
      description:
        'On one of the caller’s grounds, or on a team’s ground they may record a cull on the day it starts.',
      tag: grounds,
      access: 'write',
      requestBody: jsonBody(StartOutingRequest),
      responses: { 201: written(Outing, 'The outing.') },
      refusals: [400, 404, 409],
    }),
  },
  '/api/outings/{id}': {
    patch: operation({
      operationId: 'amendOuting',
      summary: 'Change or end an outing',
      tag: grounds,
      access: 'write',
      requestParams: { path: idPath },
      requestBody: jsonBody(AmendOutingRequest),
      responses: { 200: written(Outing, 'The outing as it now is.') },
      refusals: [400, 404, 409],
    }),
    delete: operation({
      operationId: 'deleteOuting',
      summary: 'Delete an outing with no cull',
      tag: grounds,
      access: 'write',
      requestParams: { path: idPath },
      responses: { 204: written(undefined, 'Deleted.') },
      refusals: [400, 404, 409],
    }),
  },
  '/api/settings': {
    get: operation({
      operationId: 'getSettings',
      summary: 'The user’s settings',
      tag: 'Settings and plans',
      access: 'read',
      responses: { 200: json(Settings, 'The settings.') },
    }),
    patch: operation({
      operationId: 'changeSettings',
      summary: 'Change the user’s settings',
      tag: 'Settings and plans',
      access: 'write',
      requestBody: jsonBody(UpdateSettingsRequest),
      responses: { 200: written(Settings, 'The settings as they now are.') },
      refusals: [400],
    }),
  },
  '/api/plans/{season}': {
    get: operation({
      operationId: 'getPlans',
      summary: 'A season’s cull plans',
      tag: 'Settings and plans',
      access: 'read',
      requestParams: { path: seasonPath, query: teamQuery },
      responses: { 200: json(PlansResponse, 'The season’s plans (and, in a team, each member’s share).') },
      refusals: [400, 404],
    }),
    put: operation({
      operationId: 'setPlans',
      summary: 'Set a season’s cull plans',
      description: 'Replaces the season’s plans whole; in a team, managers only.',
      tag: 'Settings and plans',
      access: 'write',
      requestParams: { path: seasonPath, query: teamQuery },
      requestBody: jsonBody(PutPlansRequest),
      responses: { 200: written(PlansResponse, 'The season’s plans as they now are.') },
      refusals: [400, 403, 404, 409],
    }),
  },
  '/api/places': {
    get: operation({
      operationId: 'searchPlaces',
      summary: 'Search towns and villages',
      description:
        'Towns and villages of Great Britain whose name starts with the text, for a record’s place.',
      tag: grounds,
      access: 'read',
      requestParams: { query: PlaceSearchQuery },
      responses: { 200: json(PlacesResponse, 'The places found.') },
      refusals: [400],
    }),
  },
};
