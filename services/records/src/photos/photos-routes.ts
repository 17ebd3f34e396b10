import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  EVENT_POSITION_HEADER,
  PHOTO_LIMITS,
  PHOTO_MESSAGES,
  PhotoId,
  PhotoQuery,
  THUMBNAIL_CONTENT_TYPE,
  type Cull,
} from '@cull-log/contracts';
import type { BlobStore } from '@cull-log/blobstore';
import { HttpError } from '@cull-log/service-kit';
import type { CullCommandHandler } from '../culls/cull-commands';
import { RefusedPhotoError, processPhoto } from './photo-pipeline';
import { photoBytes, photoKeys, removePhotoBlobs } from './photo-blobs';
import type { CullReadModel } from '../read-model/cull-read-model';
import { commandMetaOf } from '../kit/command-meta';
import { cullIdOf, cullNotFound, photoNotFound, refusedPhoto, toHttpError } from '../culls/cull-requests';
import { warned } from '../culls/culls-routes';

export interface PhotosRoutesOptions {
  handle: CullCommandHandler;
  readModel: Pick<CullReadModel<unknown>, 'get' | 'sameTag'>;
  blobs: BlobStore;
  now: () => Date;
  newId: () => string;
}

type PhotoParams = { id: string; photoId: string };

/** `?size=thumb` for the thumbnail; nothing else may be asked. */
/** Photo ids are content-addressed: the bytes under one never change, so a browser may keep them for good. */
const IMMUTABLE = 'private, max-age=31536000, immutable';

function photoIdOf(request: FastifyRequest<{ Params: PhotoParams }>): string {
  const parsed = PhotoId.safeParse(request.params.photoId);
  if (!parsed.success) throw photoNotFound();
  return parsed.data;
}

/** The multipart plugin's refusals of the upload itself, in the photo's own words. */
function uploadError(error: unknown): unknown {
  const code = (error as { code?: unknown } | undefined)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, 'payload_too_large', PHOTO_MESSAGES.tooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return refusedPhoto(PHOTO_MESSAGES.noFile);
    default:
      return error;
  }
}

/** The photo's bytes as sent: one file and nothing else, at most PHOTO_LIMITS.maxUploadBytes. */
async function uploadedBytes(request: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: PHOTO_LIMITS.maxUploadBytes, files: 1, fields: 0, parts: 1, headerPairs: 20 },
    });
    for await (const part of parts) {
      if (part.type !== 'file' || bytes !== undefined) throw refusedPhoto(PHOTO_MESSAGES.noFile);
      bytes = await part.toBuffer();
    }
  } catch (error) {
    throw uploadError(error);
  }
  // Read from the connection, so checked against the digest the gateway signed only now that it has all come.
  await request.bodyIntact();
  if (bytes === undefined) throw refusedPhoto(PHOTO_MESSAGES.noFile);
  return bytes;
}

/**
 * A record's photos: `POST /culls/:id/photos` (multipart, one file in `photo`), `GET` and `DELETE`
 * `/culls/:id/photos/:photoId` (`?size=thumb` for the thumbnail). A photo's bytes are kept before its event is
 * written, so every photo a record names has them; bytes kept for an event that was then refused are removed.
 */
export const photosRoutes: FastifyPluginAsync<PhotosRoutesOptions> = async (
  app,
  { handle, readModel, blobs, now, newId },
) => {
  await app.register(multipart);
  const metaOf = commandMetaOf(now, newId);

  /** The record as the API answers it, with its warnings. */
  async function view(userId: string, record: Cull | undefined) {
    if (record === undefined) throw cullNotFound();
    const [answer] = await warned(readModel, userId, [record]);
    return answer;
  }

  async function ownRecord(request: FastifyRequest<{ Params: { id: string } }>): Promise<Cull> {
    const record = await readModel.get(request.identity.uid, cullIdOf(request));
    if (record === undefined) throw cullNotFound();
    return record;
  }

  app.post<{ Params: { id: string } }>('/culls/:id/photos', async (request, reply) => {
    const record = await ownRecord(request);
    // Refused before the upload is read when it could never be kept; the command checks again.
    if ((record.photos?.length ?? 0) >= PHOTO_LIMITS.perRecord) throw refusedPhoto(PHOTO_MESSAGES.tooMany);
    const bytes = await uploadedBytes(request);
    let processed;
    try {
      processed = await processPhoto(bytes);
    } catch (error) {
      if (error instanceof RefusedPhotoError) throw refusedPhoto(error.message);
      throw error;
    }
    const { photo, original, thumbnail } = processed;
    const keys = photoKeys(request.identity.uid, record.id, photo.id);
    await blobs.put(keys.original, original);
    await blobs.put(keys.thumbnail, thumbnail);
    let outcome;
    try {
      outcome = await handle({ type: 'AddCullPhoto', cullId: record.id, photo, meta: metaOf(request) });
    } catch (error) {
      // Unless the record has the photo after all (the same photo added alongside), its bytes belong to nothing.
      const after = await readModel.get(request.identity.uid, record.id).catch(() => undefined);
      if (after?.photos?.some((each) => each.id === photo.id) !== true) {
        await removePhotoBlobs(blobs, request.identity.uid, record.id, photo.id, request.log);
      }
      throw toHttpError(error);
    }
    request.log.info({ cullId: record.id, photoId: photo.id, position: outcome.position }, 'photo added');
    return reply
      .status(201)
      .header(EVENT_POSITION_HEADER, String(outcome.position))
      .send(await view(request.identity.uid, outcome.record));
  });

  app.get<{ Params: PhotoParams }>('/culls/:id/photos/:photoId', async (request, reply) => {
    const { size } = PhotoQuery.parse(request.query);
    const photoId = photoIdOf(request);
    const record = await ownRecord(request);
    const photo = record.photos?.find((each) => each.id === photoId);
    if (photo === undefined) throw photoNotFound();
    const bytes = await photoBytes(
      blobs,
      request.identity.uid,
      record.id,
      photo.id,
      size === 'thumb' ? 'thumb' : 'original',
    );
    if (bytes === undefined) {
      request.log.error({ cullId: record.id, photoId }, 'a photo of a record has no bytes in the blob store');
      throw photoNotFound();
    }
    return reply
      .header('content-type', size === 'thumb' ? THUMBNAIL_CONTENT_TYPE : photo.content_type)
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });

  app.delete<{ Params: PhotoParams }>('/culls/:id/photos/:photoId', async (request, reply) => {
    const cullId = cullIdOf(request);
    const photoId = photoIdOf(request);
    let outcome;
    try {
      outcome = await handle({ type: 'RemoveCullPhoto', cullId, photoId, meta: metaOf(request) });
    } catch (error) {
      throw toHttpError(error);
    }
    // Only once the event is written: until then the record still names the photo and needs its bytes.
    await removePhotoBlobs(blobs, request.identity.uid, cullId, photoId, request.log);
    request.log.info({ cullId, photoId, position: outcome.position }, 'photo removed');
    return reply
      .header(EVENT_POSITION_HEADER, String(outcome.position))
      .send(await view(request.identity.uid, outcome.record));
  });
};
