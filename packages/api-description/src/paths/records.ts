import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  AmendCullRequest,
  CullView,
  CullsAtQuery,
  DeclaredDealerRequest,
  DeclaredDealerResponse,
  ListCullsQuery,
  ListCullsResponse,
  MapCullsResponse,
  MapPointsQuery,
  MapPointsResponse,
  PHOTO_CONTENT_TYPES,
  PHOTO_LIMITS,
  PhotoId,
  PhotoQuery,
  RecordCullRequest,
  TeamRecordsFilter,
} from '@cull-log/contracts';
import { idPath, json, jsonBody, operation, teamQuery, written } from '../operation-kit';

const tag = 'Records';
const photoPath = idPath.extend({ photoId: PhotoId.meta({ description: 'The photo’s id.' }) });

/** A record (a cull), its list, its map views and its photos. */
export const recordPaths: ZodOpenApiPathsObject = {
  '/api/culls': {
    get: operation({
      operationId: 'listCulls',
      summary: 'List records',
      description:
        'A page of the caller’s records, each with its warnings, filtered, searched and sorted; with `team` the team’s records on its grounds (with `member`, one member’s), each naming who culled it.',
      tag,
      access: 'read',
      requestParams: { query: ListCullsQuery.safeExtend(TeamRecordsFilter.shape) },
      responses: { 200: json(ListCullsResponse, 'A page of records.') },
      refusals: [400, 404],
    }),
    post: operation({
      operationId: 'recordCull',
      summary: 'Record a cull',
      description:
        'Records a cull. Sending the same client-made `id` again answers the record already made, so a retry never makes two.',
      tag,
      access: 'write',
      requestBody: jsonBody(RecordCullRequest),
      responses: { 201: written(CullView, 'The record as kept, with its warnings.') },
      refusals: [400, 403, 404, 409],
    }),
  },
  '/api/culls/locations': {
    get: operation({
      operationId: 'listLocatedCulls',
      summary: 'Every located record',
      description: 'Every record of the caller that has coordinates, newest first, in one answer.',
      tag,
      access: 'read',
      responses: { 200: json(MapCullsResponse, 'The located records.') },
      refusals: [400],
    }),
  },
  '/api/culls/map-points': {
    get: operation({
      operationId: 'listMapPoints',
      summary: 'The map’s points',
      description:
        'Every located record in about 25 bytes each (latitude, longitude, species index), newest first; a marker’s details come from `/api/culls/at`.',
      tag,
      access: 'read',
      requestParams: { query: MapPointsQuery.safeExtend(teamQuery.shape) },
      responses: { 200: json(MapPointsResponse, 'The points, and the species they name.') },
      refusals: [400, 404],
    }),
  },
  '/api/culls/at': {
    get: operation({
      operationId: 'listCullsAt',
      summary: 'The records at one point',
      description:
        'The caller’s (or, with `team`, the team’s) records at exactly these coordinates, newest first.',
      tag,
      access: 'read',
      requestParams: { query: CullsAtQuery.safeExtend(teamQuery.shape) },
      responses: { 200: json(MapCullsResponse, 'The records at the point.') },
      refusals: [400, 404],
    }),
  },
  '/api/culls/declared-dealer': {
    post: operation({
      operationId: 'keepDeclaredDealer',
      summary: 'Keep a declaration’s dealer on its records',
      description:
        'After a declaration: the dealer it named, kept on the listed records that name none (a dealer or destination already given stays).',
      tag,
      access: 'write',
      requestBody: jsonBody(DeclaredDealerRequest),
      responses: { 200: written(DeclaredDealerResponse, 'The ids of the records that now name the dealer.') },
      refusals: [400, 404, 409],
    }),
  },
  '/api/culls/{id}': {
    get: operation({
      operationId: 'getCull',
      summary: 'Read a record',
      tag,
      access: 'read',
      requestParams: { path: idPath, query: teamQuery },
      responses: { 200: json(CullView, 'The record, with its warnings.') },
      refusals: [400, 404],
    }),
    patch: operation({
      operationId: 'amendCull',
      summary: 'Amend a record',
      description:
        'Changes only the fields sent; null (or an empty value) clears an optional one. `expected_version` refuses the change with 409 when the record changed since it was read.',
      tag,
      access: 'write',
      requestParams: { path: idPath },
      requestBody: jsonBody(AmendCullRequest),
      responses: { 200: written(CullView, 'The record as it now is.') },
      refusals: [400, 404, 409],
    }),
    delete: operation({
      operationId: 'deleteCull',
      summary: 'Delete a record',
      description: 'Deletes the record and its photos.',
      tag,
      access: 'write',
      requestParams: { path: idPath },
      responses: { 204: written(undefined, 'Deleted.') },
      refusals: [404, 409],
    }),
  },
  '/api/culls/{id}/photos': {
    post: operation({
      operationId: 'addCullPhoto',
      summary: 'Add a photo to a record',
      description: `One image (${PHOTO_CONTENT_TYPES.join(', ')}, known by its first bytes whatever its name or content type; the web app sends a HEIC photo as WebP) of at most ${PHOTO_LIMITS.maxUploadBytes / 1024 / 1024} MB and ${PHOTO_LIMITS.maxInputPixels / 1_000_000} megapixels, as the only part of a multipart body; it is resized and stripped of its metadata (location included) before it is kept. At most ${PHOTO_LIMITS.perRecord} a record.`,
      tag,
      access: 'write',
      requestParams: { path: idPath },
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({
              photo: z.string().meta({ format: 'binary', description: 'The image file.' }),
            }),
          },
        },
      },
      responses: { 201: written(CullView, 'The record with the photo.') },
      refusals: [400, 404, 409, 413],
    }),
  },
  '/api/culls/{id}/photos/{photoId}': {
    get: operation({
      operationId: 'getCullPhoto',
      summary: 'A record’s photo',
      tag,
      access: 'read',
      requestParams: { path: photoPath, query: PhotoQuery },
      responses: {
        200: {
          description:
            'The photo’s bytes (a WebP thumbnail with `size=thumb`); they never change under one id.',
          content: Object.fromEntries(
            [...new Set([...PHOTO_CONTENT_TYPES, 'image/webp'])].map((type) => [
              type,
              { schema: z.string().meta({ format: 'binary' }) },
            ]),
          ),
        },
      },
      refusals: [400, 404],
    }),
    delete: operation({
      operationId: 'removeCullPhoto',
      summary: 'Remove a photo from a record',
      tag,
      access: 'write',
      requestParams: { path: photoPath },
      responses: { 200: written(CullView, 'The record without the photo.') },
      refusals: [400, 404, 409],
    }),
  },
};
