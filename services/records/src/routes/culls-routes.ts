import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  AmendCullRequest,
  CullsAtQuery,
  EVENT_POSITION_HEADER,
  ListCullsQuery,
  RecordCullRequest,
  type Cull,
  type CullView,
  type ListCullsResponse,
  type MapCullsResponse,
  type MapPointsResponse,
} from '@cull-log/contracts';
import { carcassTagKey, withWarnings, type TaggedRecord } from '@cull-log/domain';
import type { BlobStore } from '@cull-log/blobstore';
import type { CullCommandHandler } from '../cull-commands';
import { removePhotoBlobs } from '../photos/photo-blobs';
import type { CullReadModel } from '../read-model/cull-read-model';
import { commandMetaOf, cullIdOf, cullNotFound, toHttpError } from './cull-requests';

export interface CullsRoutesOptions {
  handle: CullCommandHandler;
  readModel: Pick<
    CullReadModel<unknown>,
    'get' | 'list' | 'listLocated' | 'mapPoints' | 'listAt' | 'sameTag'
  >;
  /** Where the records' photos are kept: a deleted record's are removed. */
  blobs: BlobStore;
  now: () => Date;
  newId: () => string;
}

/** The map asks for everything located, so its queries take nothing; anything sent is refused, as for a list. */
const LocatedCullsQuery = z.strictObject({});

/** Runs store work, answering refusals with their HTTP errors (an unreachable store answers 503 by itself). */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toHttpError(error);
  }
}

/**
 * Records as the API answers them, with the warnings that apply to them now: the user's other records with the
 * same carcass tags are read in one indexed lookup for the page, so a duplicate tag is seen whatever the page.
 */
export async function warned(
  readModel: Pick<CullReadModel<unknown>, 'sameTag'>,
  userId: string,
  records: Cull[],
) {
  const keys = [
    ...new Set(
      records.flatMap((record) =>
        record.carcass_tag === undefined ? [] : [carcassTagKey(record.carcass_tag)],
      ),
    ),
  ];
  const tagged = keys.length === 0 ? [] : await guarded(() => readModel.sameTag(userId, keys));
  const byKey = new Map<string, TaggedRecord[]>();
  for (const record of tagged) {
    const key = carcassTagKey(record.carcass_tag ?? '');
    byKey.set(key, [...(byKey.get(key) ?? []), record]);
  }
  return records.map((record): CullView =>
    withWarnings(
      record,
      record.carcass_tag === undefined ? [] : (byKey.get(carcassTagKey(record.carcass_tag)) ?? []),
    ),
  );
}

export const cullsRoutes: FastifyPluginAsync<CullsRoutesOptions> = async (
  app,
  { handle, readModel, blobs, now, newId },
) => {
  /** The record as the API answers it, with its warnings; 404 when there is none. */
  async function existing(userId: string, record: Cull | undefined): Promise<CullView> {
    if (record === undefined) throw cullNotFound();
    const [view] = await warned(readModel, userId, [record]);
    return view!;
  }

  const metaOf = commandMetaOf(now, newId);

  app.post('/culls', async (request, reply) => {
    const { id, ...fields } = RecordCullRequest.parse(request.body);
    const cullId = (id ?? newId()).toLowerCase();
    const outcome = await guarded(() =>
      handle({ type: 'RecordCull', cullId, fields, meta: metaOf(request) }),
    );
    request.log.info({ cullId, position: outcome.position }, 'cull recorded');
    return reply
      .status(201)
      .header(EVENT_POSITION_HEADER, String(outcome.position))
      .send(await existing(request.identity.uid, outcome.record));
  });

  app.get('/culls', async (request): Promise<ListCullsResponse> => {
    const query = ListCullsQuery.parse(request.query);
    const page = await guarded(() => readModel.list(request.identity.uid, query));
    return { ...page, items: await warned(readModel, request.identity.uid, page.items) };
  });

  // Static paths, so the router tries them before `/culls/:id`, whatever the order of registration.
  app.get('/culls/locations', async (request): Promise<MapCullsResponse> => {
    LocatedCullsQuery.parse(request.query);
    const items = await guarded(() => readModel.listLocated(request.identity.uid));
    return { items: items.map((item) => withWarnings(item)) };
  });

  app.get('/culls/map-points', async (request): Promise<MapPointsResponse> => {
    LocatedCullsQuery.parse(request.query);
    return guarded(() => readModel.mapPoints(request.identity.uid));
  });

  app.get('/culls/at', async (request): Promise<MapCullsResponse> => {
    const point = CullsAtQuery.parse(request.query);
    const items = await guarded(() => readModel.listAt(request.identity.uid, point));
    return { items: items.map((item) => withWarnings(item)) };
  });

  app.get<{ Params: { id: string } }>('/culls/:id', async (request) => {
    const cullId = cullIdOf(request);
    return existing(request.identity.uid, await guarded(() => readModel.get(request.identity.uid, cullId)));
  });

  app.patch<{ Params: { id: string } }>('/culls/:id', async (request, reply) => {
    const cullId = cullIdOf(request);
    const { expected_version: expectedVersion, ...changes } = AmendCullRequest.parse(request.body);
    const outcome = await guarded(() =>
      handle({ type: 'AmendCull', cullId, changes, expectedVersion, meta: metaOf(request) }),
    );
    request.log.info({ cullId, position: outcome.position }, 'cull amended');
    return reply
      .header(EVENT_POSITION_HEADER, String(outcome.position))
      .send(await existing(request.identity.uid, outcome.record));
  });

  app.delete<{ Params: { id: string } }>('/culls/:id', async (request, reply) => {
    const cullId = cullIdOf(request);
    const photos = (await guarded(() => readModel.get(request.identity.uid, cullId)))?.photos ?? [];
    const outcome = await guarded(() => handle({ type: 'DeleteCull', cullId, meta: metaOf(request) }));
    request.log.info({ cullId, position: outcome.position }, 'cull deleted');
    // Once the record is gone its photos' bytes belong to nothing.
    for (const photo of photos) await removePhotoBlobs(blobs, cullId, photo.id, request.log);
    return reply.status(204).header(EVENT_POSITION_HEADER, String(outcome.position)).send();
  });
};
