import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import {
  DEFAULT_SEASON_START,
  EVENT_TYPES,
  MANAGEMENT_EVENT_TYPES,
  USER_ERASED_TYPE,
  type Count,
  type CountEvent,
  type Cull,
  type Ground,
  type GroundEvent,
  type Outing,
  type OutingEvent,
  type Plan,
  type DeerValuesSaved,
  type SeasonStart,
  isCullStreamEvent,
  type StoredLogEvent,
  type UserErased,
} from '@cull-log/contracts';
import {
  accountCsvHeader,
  accountCsvRow,
  applyEventToCull,
  CSV_BOM,
  countDecider,
  groundAreaKm2,
  groundDecider,
  outingDecider,
  toCount,
  toCsvLine,
  toGround,
  toOuting,
  type CountState,
  type GroundState,
  type OutingState,
} from '@cull-log/domain';
import type { BlobStore } from '@cull-log/blobstore';
import { nextTurn } from '@cull-log/storage-kit';
import type { ErasedEvents, EventStore } from '@cull-log/eventstore';
import { userBlobPrefix } from '../kit/user-blobs';
import { earlierPhotoKeys } from '../photos/photo-blobs';
import type { ImportsReadModel } from '../imports/imports-read-model';
import type { CullReadModel } from '../read-model/cull-read-model';

/** Events read from the log at a time while an export is written. */
const EXPORT_PAGE_SIZE = 1000;

export interface AccountRoutesOptions {
  store: Pick<EventStore<unknown>, 'readUser' | 'readStream'>;
  /** Where the records' photos are kept: the download lists them, and an erasure removes every one. */
  blobs: BlobStore;
  /**
   * The user's imports: the download lists them with the records each wrote, and an erasure removes the files kept
   * for them (their rows go with the records).
   */
  readModel: Pick<CullReadModel<unknown>, 'list' | 'listOutings'> & {
    imports: Pick<ImportsReadModel<unknown>, 'list' | 'importedRecords'>;
  };
  /** Erases the user's events and records (in batches), then the bus's copy, and answers what went. */
  eraseAccount(erasure: UserErased): Promise<ErasedEvents>;
  /** Runs the whole of a user's erasure, their other requests refused meanwhile. */
  whileErasing<T>(userId: string, erase: () => Promise<T>): Promise<T>;
  now: () => Date;
  newId: () => string;
}

/**
 * Every event of the user, in log order, a page at a time, the event loop turning between two pages: an embedded
 * store answers at once, and a user of many events would hold other requests back for all of them (an erasure's
 * pass over them too).
 */
async function* eventsOf(
  store: AccountRoutesOptions['store'],
  userId: string,
): AsyncGenerator<StoredLogEvent> {
  for (let after = 0; ;) {
    const page = await store.readUser(userId, after, EXPORT_PAGE_SIZE);
    yield* page;
    const last = page.at(-1);
    if (last === undefined || page.length < EXPORT_PAGE_SIZE) return;
    after = last.position;
    await nextTurn();
  }
}

/**
 * What the user keeps besides their records, as it stands, folded from their events by the domain's rules: a pass
 * over the log a page at a time that keeps only grounds, outings, the season start and plans (a few of each, however
 * many records there are).
 */
interface AccountSettings {
  /** By name. */
  grounds: Ground[];
  /** Each outing as it stands, by id, in the order first seen. */
  outings: Map<string, OutingState>;
  /** Newest day first; a dung count with its density and working, its deer over its ground's area. */
  counts: Count[];
  /** The season start, and the deer-management values saved for each ground, by ground id. */
  settings: {
    season_start: SeasonStart;
    deer_values: DeerValuesSaved['data'][];
  };
  /** Each season's plans, by season. */
  plans: { season: string; plans: Plan[]; updated_at: string }[];
}

async function accountSettingsOf(
  store: AccountRoutesOptions['store'],
  userId: string,
): Promise<AccountSettings> {
  const grounds = new Map<string, GroundState>();
  const outings = new Map<string, OutingState>();
  const countStates = new Map<string, CountState>();
  let seasonStart: SeasonStart = DEFAULT_SEASON_START;
  const deerValues = new Map<string, DeerValuesSaved['data']>();
  const plans = new Map<string, { season: string; plans: Plan[]; updated_at: string }>();
  for await (const event of eventsOf(store, userId)) {
    if (isCullStreamEvent(event)) continue;
    if (event.type.startsWith('ground.')) {
      const state = grounds.get(event.streamId) ?? groundDecider.initialState;
      grounds.set(event.streamId, groundDecider.evolve(state, event as GroundEvent));
    } else if (event.type.startsWith('outing.')) {
      const state = outings.get(event.streamId) ?? outingDecider.initialState;
      outings.set(event.streamId, outingDecider.evolve(state, event as OutingEvent));
    } else if (event.type.startsWith('count.')) {
      const state = countStates.get(event.streamId) ?? countDecider.initialState;
      countStates.set(event.streamId, countDecider.evolve(state, event as CountEvent));
    } else if (event.type === MANAGEMENT_EVENT_TYPES.settingsChanged) {
      seasonStart = event.data.season_start;
    } else if (event.type === MANAGEMENT_EVENT_TYPES.deerValuesSaved) {
      deerValues.set(event.data.ground_id, event.data);
    } else if (event.type === MANAGEMENT_EVENT_TYPES.plansSet) {
      const { season } = event.data;
      plans.set(season, { season, plans: event.data.plans, updated_at: event.occurredAt });
    }
  }
  const groundList = [...grounds]
    .map(([id, state]) => toGround(state, id))
    .filter((ground): ground is Ground => ground !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB') || a.id.localeCompare(b.id));
  const areas = new Map(groundList.map((ground) => [ground.id, groundAreaKm2(ground.boundary)]));
  const countList = [...countStates]
    .map(([id, state]) =>
      toCount(state, id, state.status === 'active' ? areas.get(state.groundId) : undefined),
    )
    .filter((count): count is Count => count !== undefined)
    .sort((a, b) => b.date.localeCompare(a.date) || b.created_at.localeCompare(a.created_at));
  return {
    grounds: groundList,
    outings,
    counts: countList,
    settings: {
      season_start: seasonStart,
      deer_values: [...deerValues.values()].sort((a, b) => a.ground_id.localeCompare(b.ground_id)),
    },
    plans: [...plans.values()].sort((a, b) => a.season.localeCompare(b.season)),
  };
}

/**
 * The user's records as they stand, newest recorded first: the read model gives their order a page at a time, and
 * each is folded from its stream's events of the user by the domain's rules, as the log has it; each with its ground's
 * name now when the ground is one of the user's own (`names`).
 */
async function* recordsOf(
  store: AccountRoutesOptions['store'],
  readModel: AccountRoutesOptions['readModel'],
  userId: string,
  names: ReadonlyMap<string, string>,
): AsyncGenerator<Cull> {
  for (let page = 1; ; page += 1) {
    const { items } = await readModel.list(userId, {
      q: '',
      page,
      page_size: EXPORT_PAGE_SIZE,
      sort: 'created_at',
      order: 'desc',
    });
    for (const { id } of items) {
      let record: Cull | undefined;
      for (const event of await store.readStream(id)) {
        if (event.userId === userId && isCullStreamEvent(event)) record = applyEventToCull(record, event);
      }
      if (record === undefined) continue;
      const name = record.ground_id === undefined ? undefined : names.get(record.ground_id);
      yield name === undefined ? record : { ...record, ground_name: name };
    }
    if (items.length < EXPORT_PAGE_SIZE) return;
    await nextTurn();
  }
}

/** The names of the user's own grounds, by id. */
function namesOf(grounds: readonly Ground[]): Map<string, string> {
  return new Map(grounds.map((ground) => [ground.id, ground.name]));
}

/**
 * `items` as `JSON.stringify(array, null, 2)` writes them, an element at a time: the same bytes, without the whole
 * array (or its text) in memory.
 */
async function* jsonArray(items: AsyncIterable<unknown> | Iterable<unknown>): AsyncGenerator<string> {
  let first = true;
  for await (const item of items) {
    yield `${first ? '[\n' : ',\n'}${JSON.stringify(item, null, 2).replaceAll('\n', '\n  ').replace(/^/, '  ')}`;
    first = false;
  }
  yield first ? '[]' : '\n]';
}

/** `items` as `JSON.stringify(array)` writes them (no spaces), an element at a time. */
async function* compactJsonArray(items: AsyncIterable<unknown>): AsyncGenerator<string> {
  let first = true;
  for await (const item of items) {
    yield `${first ? '[' : ','}${JSON.stringify(item)}`;
    first = false;
  }
  yield first ? '[]' : ']';
}

/**
 * The caller's whole account, for the gateway's "download everything" zip and its erasure: every event of theirs
 * (JSON lines), their records as JSON and as the export's CSV, their grounds, outings, counts, settings, plans and imports
 * as JSON, and `DELETE /account`.
 */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (
  app,
  { store, blobs, readModel, eraseAccount, whileErasing, now, newId },
) => {
  app.get('/account/events.jsonl', async (request, reply) => {
    const lines = (async function* () {
      for await (const event of eventsOf(store, request.identity.uid)) yield `${JSON.stringify(event)}\n`;
    })();
    return reply.type('application/x-ndjson; charset=utf-8').send(Readable.from(lines));
  });

  app.get('/account/records.json', async (request, reply) => {
    const userId = request.identity.uid;
    const { grounds } = await accountSettingsOf(store, userId);
    const records = jsonArray(recordsOf(store, readModel, userId, namesOf(grounds)));
    return reply.type('application/json; charset=utf-8').send(Readable.from(records));
  });

  app.get('/account/records.csv', async (request, reply) => {
    const userId = request.identity.uid;
    const { grounds, outings } = await accountSettingsOf(store, userId);
    const outingStarts = new Map<string, string>();
    for (const [id, state] of outings) {
      const outing = toOuting(state, id, 0);
      if (outing !== undefined) outingStarts.set(id, outing.started_at);
    }
    const lines = (async function* () {
      // The byte-order mark first, so a spreadsheet reads the file as UTF-8; the record id matches the photos' folders.
      yield CSV_BOM + accountCsvHeader;
      for await (const record of recordsOf(store, readModel, userId, namesOf(grounds))) {
        const outingStartedAt =
          record.outing_id === undefined ? null : (outingStarts.get(record.outing_id) ?? null);
        yield toCsvLine(accountCsvRow(record, { id: record.id, outingStartedAt }));
      }
    })();
    return reply.type('text/csv; charset=utf-8').send(Readable.from(lines));
  });

  // Their grounds, outings, counts, season start and plans, as they stand.
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  app.get('/account/grounds.json', async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(json((await accountSettingsOf(store, request.identity.uid)).grounds)),
  );
  app.get('/account/outings.json', async (request, reply) => {
    const userId = request.identity.uid;
    const { outings } = await accountSettingsOf(store, userId);
    // Each outing's number of records, as the read model counts them.
    const counts = new Map(
      (await readModel.listOutings(userId)).map((outing) => [outing.id, outing.cull_count]),
    );
    const list = [...outings]
      .map(([id, state]) => toOuting(state, id, counts.get(id) ?? 0))
      .filter((outing): outing is Outing => outing !== undefined)
      .sort((a, b) => Date.parse(b.started_at) - Date.parse(a.started_at) || b.id.localeCompare(a.id));
    return reply.type('application/json; charset=utf-8').send(json(list));
  });
  for (const part of ['counts', 'settings', 'plans'] as const) {
    app.get(`/account/${part}.json`, async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(json((await accountSettingsOf(store, request.identity.uid))[part])),
    );
  }

  // Their imports (not events: kept beside the log), each with the file it read, how, and the records it wrote.
  app.get('/account/imports.json', async (request, reply) => {
    const imports = [];
    for (const entry of await readModel.imports.list(request.identity.uid)) {
      const { id, file_name, format, layout, sheet, mapping, defaults, status } = entry;
      const recordIds: string[] = [];
      for (let after = ''; ;) {
        const page = await readModel.imports.importedRecords(id, after, EXPORT_PAGE_SIZE);
        recordIds.push(...page.map((record) => record.record_id));
        const last = page.at(-1);
        if (last === undefined || page.length < EXPORT_PAGE_SIZE) break;
        after = last.record_id;
      }
      imports.push({
        ...{ id, file_name, format, layout, sheet, mapping, defaults, status },
        created_at: entry.created_at,
        imported_at: entry.imported_at,
        rows_ready: entry.rows_ready,
        imported: entry.imported,
        skipped_duplicates: entry.skipped_duplicates,
        record_ids: recordIds,
      });
    }
    return reply.type('application/json; charset=utf-8').send(json(imports));
  });

  // The user's photos as they stand, for the download: the gateway fetches each from the photo route.
  app.get('/account/photos.json', async (request, reply) => {
    const userId = request.identity.uid;
    const photos = (async function* () {
      for await (const record of recordsOf(store, readModel, userId, new Map())) {
        for (const photo of record.photos ?? []) yield { record_id: record.id, ...photo };
      }
    })();
    return reply.type('application/json; charset=utf-8').send(Readable.from(compactJsonArray(photos)));
  });

  app.delete('/account', async (request) =>
    whileErasing(request.identity.uid, async () => {
      // Every file of the user's first, while the log still names them: a failure here leaves the account whole, so the
      // erasure can simply be asked for again. Everything under the user's prefix, what no event names too (an upload
      // whose event never landed)...
      await blobs.deleteUnder(userBlobPrefix(request.identity.uid));
      // ...then the photos kept before there was a prefix per user, every one the user ever added, removed ones too
      // (removing bytes already gone is no error).
      for await (const event of eventsOf(store, request.identity.uid)) {
        if (event.type !== EVENT_TYPES.photoAdded) continue;
        const keys = earlierPhotoKeys(event.streamId, event.data.id);
        await blobs.delete(keys.original);
        await blobs.delete(keys.thumbnail);
      }
      // The spreadsheets kept for imports not yet made, likewise (those kept before the prefix per user included).
      for (const entry of await readModel.imports.list(request.identity.uid)) {
        if (entry.blob_key !== null) await blobs.delete(entry.blob_key);
      }
      const erasure: UserErased = {
        id: newId(),
        type: USER_ERASED_TYPE,
        userId: request.identity.uid,
        occurredAt: now().toISOString(),
        meta: { correlationId: request.id },
      };
      const erased = await eraseAccount(erasure);
      request.log.info({ events: erased.events }, 'account erased');
      return erased;
    }),
  );
};
