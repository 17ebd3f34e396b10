import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import {
  EVENT_TYPES,
  USER_ERASED_TYPE,
  type Cull,
  isCullStreamEvent,
  type StoredLogEvent,
  type UserErased,
} from '@cull-log/contracts';
import { applyEventToCull, csvHeader, csvRow, toCsvLine } from '@cull-log/domain';
import type { BlobStore } from '@cull-log/blobstore';
import type { ErasedEvents, EventStore } from '@cull-log/eventstore';
import { photoKeys } from '../photos/photo-blobs';

/** Events read from the log at a time while an export is written. */
const EXPORT_PAGE_SIZE = 1000;

export interface AccountRoutesOptions {
  store: Pick<EventStore<unknown>, 'readUser'>;
  /** Where the records' photos are kept: the download lists them, and an erasure removes every one. */
  blobs: BlobStore;
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

/** The user's records as they stand, folded from their events by the domain's rules, newest recorded first. */
async function recordsOf(store: AccountRoutesOptions['store'], userId: string): Promise<Cull[]> {
  const records = new Map<string, Cull | undefined>();
  for await (const event of eventsOf(store, userId)) {
    if (!isCullStreamEvent(event)) continue;
    records.set(event.streamId, applyEventToCull(records.get(event.streamId), event));
  }
  return [...records.values()]
    .filter((record): record is Cull => record !== undefined)
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
}

/**
 * The caller's whole account, for the gateway's "download everything" zip and its erasure: every event of their
 * records (JSON lines), their records as JSON and as the export's CSV, and `DELETE /account`.
 */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (
  app,
  { store, blobs, eraseAccount, now, newId },
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
    const records = await recordsOf(store, request.identity.uid);
    const lines = (function* () {
      yield csvHeader;
      for (const record of records) yield toCsvLine(csvRow(record));
    })();
    return reply.type('text/csv; charset=utf-8').send(Readable.from(lines));
  });

  // The user's photos as they stand, for the download: the gateway fetches each from the photo route.
  app.get('/account/photos.json', async (request) => {
    const records = await recordsOf(store, request.identity.uid);
    return records.flatMap((record) =>
      (record.photos ?? []).map((photo) => ({ record_id: record.id, ...photo })),
    );
  });

  app.delete('/account', async (request) => {
    // Every photo the user ever added, removed ones too (removing bytes already gone is no error), while the log
    // still names them: a failure here leaves the account whole, so the erasure can simply be asked for again.
    for await (const event of eventsOf(store, request.identity.uid)) {
      if (event.type !== EVENT_TYPES.photoAdded) continue;
      const keys = photoKeys(event.streamId, event.data.id);
      await blobs.delete(keys.original);
      await blobs.delete(keys.thumbnail);
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
