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
import type { ErasedEvents, EventStore } from '@cull-log/eventstore';
import { userBlobPrefix } from '../kit/user-blobs';
import { earlierPhotoKeys } from '../photos/photo-blobs';
import type { ImportsReadModel } from '../imports/imports-read-model';

/** Events read from the log at a time while an export is written. */
const EXPORT_PAGE_SIZE = 1000;

export interface AccountRoutesOptions {
  store: Pick<EventStore<unknown>, 'readUser'>;
  /** Where the records' photos are kept: the download lists them, and an erasure removes every one. */
  blobs: BlobStore;
  /**
   * The user's imports: the download lists them with the records each wrote, and an erasure removes the files kept
   * for them (their rows go with the records).
   */
  readModel: { imports: Pick<ImportsReadModel<unknown>, 'list' | 'importedRecords'> };
  /** Erases the user's events and records (in one transaction), then the bus's copy, and answers what went. */
  eraseAccount(erasure: UserErased): Promise<ErasedEvents>;
  now: () => Date;
  newId: () => string;
}

/** Every event of the user, in log order, a page at a time. */
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
  }
}

/** Everything the user keeps as it stands, folded from their events by the domain's rules. */
interface AccountData {
  /** Newest recorded first, each with its ground's name now. */
  records: Cull[];
  /** By name. */
  grounds: Ground[];
  /** Newest started first, with their numbers of records. */
  outings: Outing[];
  /** Newest day first; a dung count with its density and working, its deer over its ground's area. */
  counts: Count[];
  settings: { season_start: SeasonStart };
  /** Each season's plans, by season. */
  plans: { season: string; plans: Plan[]; updated_at: string }[];
}

async function accountDataOf(store: AccountRoutesOptions['store'], userId: string): Promise<AccountData> {
  const records = new Map<string, Cull | undefined>();
  const grounds = new Map<string, GroundState>();
  const outings = new Map<string, OutingState>();
  const countStates = new Map<string, CountState>();
  let seasonStart: SeasonStart = DEFAULT_SEASON_START;
  const plans = new Map<string, { season: string; plans: Plan[]; updated_at: string }>();
  for await (const event of eventsOf(store, userId)) {
    if (isCullStreamEvent(event)) {
      records.set(event.streamId, applyEventToCull(records.get(event.streamId), event));
    } else if (event.type.startsWith('ground.')) {
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
    } else if (event.type === MANAGEMENT_EVENT_TYPES.plansSet) {
      const { season } = event.data;
      plans.set(season, { season, plans: event.data.plans, updated_at: event.occurredAt });
    }
  }
  const groundList = [...grounds]
    .map(([id, state]) => toGround(state, id))
    .filter((ground): ground is Ground => ground !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB') || a.id.localeCompare(b.id));
  const names = new Map(groundList.map((ground) => [ground.id, ground.name]));
  const recordList = [...records.values()]
    .filter((record): record is Cull => record !== undefined)
    .map((record) => {
      const name = record.ground_id === undefined ? undefined : names.get(record.ground_id);
      return name === undefined ? record : { ...record, ground_name: name };
    })
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
  const counts = new Map<string, number>();
  for (const record of recordList) {
    if (record.outing_id !== undefined) counts.set(record.outing_id, (counts.get(record.outing_id) ?? 0) + 1);
  }
  const outingList = [...outings]
    .map(([id, state]) => toOuting(state, id, counts.get(id) ?? 0))
    .filter((outing): outing is Outing => outing !== undefined)
    .sort((a, b) => Date.parse(b.started_at) - Date.parse(a.started_at) || b.id.localeCompare(a.id));
  const areas = new Map(groundList.map((ground) => [ground.id, groundAreaKm2(ground.boundary)]));
  const countList = [...countStates]
    .map(([id, state]) =>
      toCount(state, id, state.status === 'active' ? areas.get(state.groundId) : undefined),
    )
    .filter((count): count is Count => count !== undefined)
    .sort((a, b) => b.date.localeCompare(a.date) || b.created_at.localeCompare(a.created_at));
  return {
    records: recordList,
    grounds: groundList,
    outings: outingList,
    counts: countList,
    settings: { season_start: seasonStart },
    plans: [...plans.values()].sort((a, b) => a.season.localeCompare(b.season)),
  };
}

/** The user's records as they stand, newest recorded first. */
async function recordsOf(store: AccountRoutesOptions['store'], userId: string): Promise<Cull[]> {
  return (await accountDataOf(store, userId)).records;
}

/**
 * The caller's whole account, for the gateway's "download everything" zip and its erasure: every event of theirs
 * (JSON lines), their records as JSON and as the export's CSV, their grounds, outings, counts, settings, plans and imports
 * as JSON, and `DELETE /account`.
 */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (
  app,
  { store, blobs, readModel, eraseAccount, now, newId },
) => {
  app.get('/account/events.jsonl', async (request, reply) => {
    const lines = (async function* () {
      for await (const event of eventsOf(store, request.identity.uid)) yield `${JSON.stringify(event)}\n`;
    })();
    return reply.type('application/x-ndjson; charset=utf-8').send(Readable.from(lines));
  });

  app.get('/account/records.json', async (request, reply) => {
    const records = await recordsOf(store, request.identity.uid);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(records, null, 2));
  });

  app.get('/account/records.csv', async (request, reply) => {
    const { records, outings } = await accountDataOf(store, request.identity.uid);
    const outingStarts = new Map(outings.map((outing) => [outing.id, outing.started_at]));
    const lines = (function* () {
      // The byte-order mark first, so a spreadsheet reads the file as UTF-8; the record id matches the photos' folders.
      yield CSV_BOM + accountCsvHeader;
      for (const record of records) {
        const outingStartedAt =
          record.outing_id === undefined ? null : (outingStarts.get(record.outing_id) ?? null);
        yield toCsvLine(accountCsvRow(record, { id: record.id, outingStartedAt }));
      }
    })();
    return reply.type('text/csv; charset=utf-8').send(Readable.from(lines));
  });

  // Their grounds, outings, counts, season start and plans, as they stand.
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  for (const part of ['grounds', 'outings', 'counts', 'settings', 'plans'] as const) {
    app.get(`/account/${part}.json`, async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(json((await accountDataOf(store, request.identity.uid))[part])),
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
  app.get('/account/photos.json', async (request) => {
    const records = await recordsOf(store, request.identity.uid);
    return records.flatMap((record) =>
      (record.photos ?? []).map((photo) => ({ record_id: record.id, ...photo })),
    );
  });

  app.delete('/account', async (request) => {
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
  });
};
