import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  AmendCullRequest,
  CullsAtQuery,
  DEFAULT_SEASON_START,
  DeclaredDealerRequest,
  EVENT_POSITION_HEADER,
  ListCullsQuery,
  MANAGEMENT_MESSAGES,
  teamOfOwner,
  MapPointsQuery,
  RecordCullRequest,
  TeamRecordsFilter,
  type CullPlacement,
  type Cull,
  type CullView,
  type DeclaredDealerResponse,
  type ListCullsResponse,
  type MapCullsResponse,
  type MapPointsResponse,
} from '@cull-log/contracts';
import { carcassTagKey, seasonOfKey, withWarnings, type TaggedRecord } from '@cull-log/domain';
import type { BlobStore } from '@cull-log/blobstore';
import type { CullCommandHandler } from './cull-commands';
import { removePhotoBlobs } from '../photos/photo-blobs';
import type { CullReadModel } from '../read-model/cull-read-model';
import { commandMetaOf } from '../kit/command-meta';
import { cullIdOf, cullNotFound, toHttpError } from './cull-requests';
import { mayRecordOn, teamParamOf } from '../teams/team-scope';
import { teamRecordScope, type TeamRecordsReadModel } from '../teams/team-records';
import { refused } from '../kit/management-requests';

export interface CullsRoutesOptions {
  handle: CullCommandHandler;
  readModel: Pick<
    CullReadModel<unknown>,
    | 'get'
    | 'list'
    | 'listLocated'
    | 'mapPoints'
    | 'listAt'
    | 'sameTag'
    | 'getGround'
    | 'groundOwner'
    | 'getOuting'
    | 'openOuting'
    | 'seasonStart'
    | 'getScoped'
    | 'listScoped'
    | 'mapPointsScoped'
    | 'listAtScoped'
  > &
    TeamRecordsReadModel;
  /** Where the records' photos are kept: a deleted record's are removed. */
  blobs: BlobStore;
  now: () => Date;
  newId: () => string;
}

/** The map asks for everything located, so its queries take nothing; anything sent is refused, as for a list. */
const LocatedCullsQuery = z.strictObject({});

/** An id as stored (lower case), null for "none", undefined for "not sent". */
const lowerOrAbsent = (id: string | null | undefined) => (typeof id === 'string' ? id.toLowerCase() : id);

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

  /**
   * The ground sent must be the user's, or a ground of a team they may record on (a manager's or a stalker's, or a
   * guest's while a permit for it runs on the record's date); an archived one only where the record already had it.
   */
  async function checkGround(userId: string, groundId: string, date: string, keeps?: string) {
    const owner = await guarded(() => readModel.groundOwner(groundId));
    const teamId = owner === undefined ? undefined : teamOfOwner(owner);
    const mayRecord =
      owner === userId ||
      (teamId !== undefined && (await mayRecordOn(readModel, userId, teamId, groundId, date)));
    const ground =
      mayRecord && owner !== undefined
        ? await guarded(() => readModel.getGround(owner, groundId))
        : undefined;
    if (ground === undefined) throw refused('ground_id', MANAGEMENT_MESSAGES.groundUnknown);
    if (ground.archived && ground.id !== keeps)
      throw refused('ground_id', MANAGEMENT_MESSAGES.groundArchived);
  }

  /** The outing sent must be the user's; answers it. */
  async function checkOuting(userId: string, outingId: string) {
    const outing = await guarded(() => readModel.getOuting(userId, outingId));
    if (outing === undefined) throw refused('outing_id', MANAGEMENT_MESSAGES.outingUnknown);
    return outing;
  }

  /**
   * Where a new record belongs: what was sent, checked; with no outing sent, the outing under way (if any), whose
   * ground it takes when none was sent, as an outing sent gives its ground.
   */
  async function placementOfNew(
    userId: string,
    sent: { ground_id?: string | null; outing_id?: string | null },
    date: string,
  ): Promise<CullPlacement> {
    let groundId = lowerOrAbsent(sent.ground_id);
    let outingId = lowerOrAbsent(sent.outing_id);
    if (groundId !== undefined && groundId !== null) await checkGround(userId, groundId, date);
    if (outingId === undefined) {
      const open = await guarded(() => readModel.openOuting(userId));
      outingId = open?.id;
      if (open !== undefined && groundId === undefined) groundId = open.ground_id;
    } else if (outingId !== null) {
      const outing = await checkOuting(userId, outingId);
      if (groundId === undefined) groundId = outing.ground_id;
    }
    return { ground_id: groundId ?? null, outing_id: outingId ?? null };
  }

  /** The parts of a record's place an amendment changes, checked. */
  async function placementChange(
    userId: string,
    cullId: string,
    sent: { ground_id?: string | null; outing_id?: string | null },
    date: string | undefined,
  ): Promise<Partial<CullPlacement> | undefined> {
    if (sent.ground_id === undefined && sent.outing_id === undefined) return undefined;
    const groundId = lowerOrAbsent(sent.ground_id);
    const outingId = lowerOrAbsent(sent.outing_id);
    if (groundId !== undefined && groundId !== null) {
      const record = await guarded(() => readModel.get(userId, cullId));
      if (record === undefined) throw cullNotFound();
      await checkGround(userId, groundId, date ?? record.date, record.ground_id);
    }
    if (outingId !== undefined && outingId !== null) await checkOuting(userId, outingId);
    return {
      ...(groundId !== undefined && { ground_id: groundId }),
      ...(outingId !== undefined && { outing_id: outingId }),
    };
  }

  /** The record as the read model now has it (with its ground's name), else as the command left it. */
  async function afterCommand(userId: string, cullId: string, record: Cull | undefined): Promise<CullView> {
    const stored = record === undefined ? undefined : await guarded(() => readModel.get(userId, cullId));
    return existing(userId, stored ?? record);
  }

  app.post('/culls', async (request, reply) => {
    const { id, ground_id, outing_id, ...fields } = RecordCullRequest.parse(request.body);
    const cullId = (id ?? newId()).toLowerCase();
    const userId = request.identity.uid;
    const placement = await placementOfNew(userId, { ground_id, outing_id }, fields.date);
    const outcome = await guarded(() =>
      handle({ type: 'RecordCull', cullId, fields, placement, meta: metaOf(request) }),
    );
    request.log.info({ cullId, position: outcome.position }, 'cull recorded');
    return reply
      .status(201)
      .header(EVENT_POSITION_HEADER, String(outcome.position))
      .send(await afterCommand(userId, cullId, outcome.record));
  });

  app.get('/culls', async (request): Promise<ListCullsResponse> => {
    const { team, member, ...asked } = (request.query ?? {}) as Record<string, unknown>;
    const query = ListCullsQuery.parse(asked);
    const filter = TeamRecordsFilter.parse({ team, member });
    const userId = request.identity.uid;
    if (filter.team === undefined) {
      const page = await guarded(() => readModel.list(userId, query));
      return { ...page, items: await warned(readModel, userId, page.items) };
    }
    // A team's records: its members' on its grounds, each warned as its shooter's own list warns it.
    const { scope, shown } = await teamRecordScope(readModel, userId, filter.team, filter.member);
    const page = await guarded(() => readModel.listScoped(scope, query));
    // One duplicate-tag lookup per shooter on the page, not one per record.
    const byShooter = new Map<string, Cull[]>();
    for (const record of page.items)
      byShooter.set(record.created_by, [...(byShooter.get(record.created_by) ?? []), record]);
    const warnedById = new Map<string, CullView>();
    for (const [shooter, records] of byShooter)
      for (const view of await warned(readModel, shooter, records)) warnedById.set(view.id, view);
    return { ...page, items: page.items.map((record) => shown(warnedById.get(record.id)!)) };
  });

  // Static paths, so the router tries them before `/culls/:id`, whatever the order of registration.
  app.get('/culls/locations', async (request): Promise<MapCullsResponse> => {
    LocatedCullsQuery.parse(request.query);
    const items = await guarded(() => readModel.listLocated(request.identity.uid));
    return { items: items.map((item) => withWarnings(item)) };
  });

  app.get('/culls/map-points', async (request): Promise<MapPointsResponse> => {
    const { team, ...asked } = (request.query ?? {}) as Record<string, unknown>;
    const query = MapPointsQuery.parse(asked);
    const userId = request.identity.uid;
    // A season is the reader's own: their season start, whether the map is theirs or a team's.
    const season =
      query.season === undefined
        ? undefined
        : seasonOfKey(
            query.season,
            (await guarded(() => readModel.seasonStart(userId))) ?? DEFAULT_SEASON_START,
          );
    const filter = {
      ...(season !== undefined && { from: season.from, to: season.to }),
      ...(query.species !== undefined && query.species !== '' && { species: query.species }),
      ...(query.sex !== undefined && { sex: query.sex }),
      ...(query.ground_id !== undefined && { groundId: query.ground_id.toLowerCase() }),
    };
    if (team === undefined) return guarded(() => readModel.mapPoints(userId, filter));
    const { mapScope } = await teamRecordScope(readModel, userId, String(team));
    return guarded(() => readModel.mapPointsScoped(mapScope, filter));
  });

  app.get('/culls/at', async (request): Promise<MapCullsResponse> => {
    const { team, ...asked } = (request.query ?? {}) as Record<string, unknown>;
    const point = CullsAtQuery.parse(asked);
    if (team === undefined) {
      const items = await guarded(() => readModel.listAt(request.identity.uid, point));
      return { items: items.map((item) => withWarnings(item)) };
    }
    const { mapScope, role } = await teamRecordScope(readModel, request.identity.uid, String(team));
    const items = await guarded(() => readModel.listAtScoped(mapScope, point));
    // A popup holds a record's notes: a viewer (a landowner, an agent) never sees a member's.
    return {
      items: items.map(({ notes, ...item }) => withWarnings(role === 'viewer' ? item : { ...item, notes })),
    };
  });

  // A declaration is made by the exports service, which does not write the log: the web sends its dealer here after.
  app.post('/culls/declared-dealer', async (request, reply): Promise<DeclaredDealerResponse> => {
    const { record_ids: recordIds, dealer } = DeclaredDealerRequest.parse(request.body);
    const userId = request.identity.uid;
    const cullIds = recordIds.map((id) => id.toLowerCase());
    // Another user's record, or a deleted one, is answered as one that does not exist, before anything changes.
    const before = new Map<string, Cull>();
    for (const cullId of cullIds) {
      const record = await guarded(() => readModel.get(userId, cullId));
      if (record === undefined) throw cullNotFound();
      before.set(cullId, record);
    }
    const kept: string[] = [];
    let position = 0;
    for (const cullId of cullIds) {
      const outcome = await guarded(() =>
        handle({ type: 'KeepDeclaredDealer', cullId, dealer, meta: metaOf(request) }),
      );
      position = Math.max(position, outcome.position);
      if (before.get(cullId)?.game_dealer === undefined && outcome.record?.game_dealer === dealer)
        kept.push(cullId);
    }
    request.log.info({ kept: kept.length, position }, 'declared dealer kept');
    reply.header(EVENT_POSITION_HEADER, String(position));
    return { kept };
  });

  app.get<{ Params: { id: string } }>('/culls/:id', async (request) => {
    const cullId = cullIdOf(request);
    const team = teamParamOf(request);
    if (team === undefined)
      return existing(request.identity.uid, await guarded(() => readModel.get(request.identity.uid, cullId)));
    const { scope, shown } = await teamRecordScope(readModel, request.identity.uid, String(team));
    const record = await guarded(() => readModel.getScoped(scope, cullId));
    if (record === undefined) throw cullNotFound();
    return shown(await existing(record.created_by, record));
  });

  app.patch<{ Params: { id: string } }>('/culls/:id', async (request, reply) => {
    const cullId = cullIdOf(request);
    const {
      expected_version: expectedVersion,
      ground_id,
      outing_id,
      ...changes
    } = AmendCullRequest.parse(request.body);
    const userId = request.identity.uid;
    const placement = await placementChange(userId, cullId, { ground_id, outing_id }, changes.date);
    const outcome = await guarded(() =>
      handle({
        type: 'AmendCull',
        cullId,
        changes,
        ...(placement !== undefined && { placement }),
        expectedVersion,
        meta: metaOf(request),
      }),
    );
    request.log.info({ cullId, position: outcome.position }, 'cull amended');
    return reply
      .header(EVENT_POSITION_HEADER, String(outcome.position))
      .send(await afterCommand(userId, cullId, outcome.record));
  });

  app.delete<{ Params: { id: string } }>('/culls/:id', async (request, reply) => {
    const cullId = cullIdOf(request);
    const photos = (await guarded(() => readModel.get(request.identity.uid, cullId)))?.photos ?? [];
    const outcome = await guarded(() => handle({ type: 'DeleteCull', cullId, meta: metaOf(request) }));
    request.log.info({ cullId, position: outcome.position }, 'cull deleted');
    // Once the record is gone its photos' bytes belong to nothing.
    for (const photo of photos)
      await removePhotoBlobs(blobs, request.identity.uid, cullId, photo.id, request.log);
    return reply.status(204).header(EVENT_POSITION_HEADER, String(outcome.position)).send();
  });
};
