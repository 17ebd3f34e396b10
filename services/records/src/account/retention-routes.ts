import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyPluginAsync } from 'fastify';
import {
  EVENT_TYPES,
  isCullStreamEvent,
  RECORD_RETENTION_YEARS,
  RecordRetentionRequest,
  RecordRetentionResponse,
  type StoredLogEvent,
} from '@cull-log/contracts';
import { londonDate } from '@cull-log/domain';
import type { BlobStore } from '@cull-log/blobstore';
import { DEFAULT_STREAM_MAX_AGE_MS } from '@cull-log/bus';
import type { ErasedEvents, EventStore } from '@cull-log/eventstore';
import { HttpError } from '@cull-log/service-kit';
import { userBlobPrefix } from '../kit/user-blobs';
import { earlierPhotoKeys } from '../photos/photo-blobs';

/** How far the gateway's clock may run ahead of this service's before a cutoff is taken for a mistake. */
const CLOCK_LEEWAY_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses a cutoff less than the retention's years before now: the gateway's job gives it, and a mistake there (a
 * cutoff of today) would otherwise remove every record older than a month.
 */
export function checkCutoff(cutoff: Date, now: Date): void {
  const latest = new Date(now.getTime() + CLOCK_LEEWAY_MS);
  latest.setUTCFullYear(latest.getUTCFullYear() - RECORD_RETENTION_YEARS);
  if (cutoff.getTime() <= latest.getTime()) return;
  const message = `cutoff must be at least ${RECORD_RETENTION_YEARS} years before now`;
  throw new HttpError(400, 'validation_failed', message, { cutoff: message });
}

/** Events read from the log at a time while the caller's records are looked over. */
const SCAN_PAGE_SIZE = 1000;

/** The most records one call removes (the answer's limit): a user with more has the rest removed by the next call. */
export const MAX_RECORDS_PER_RETENTION = 100_000;

export interface RetentionRoutesOptions {
  store: Pick<EventStore<unknown>, 'readUser'>;
  /** Where the records' photos are kept: a removed record's go with it. */
  blobs: BlobStore;
  /** Erases these records of the user's (their events and read model rows) in one transaction, and answers what went. */
  eraseRecords(userId: string, recordIds: readonly string[]): Promise<ErasedEvents>;
  now: () => Date;
}

/** What deciding whether a record is past retention needs of its stream, as its events are read in log order. */
interface RecordHistory {
  /** When its first event was written: when it entered Cull Log. */
  firstAt: string;
  /** When its newest event was written. */
  lastAt: string;
  /** Its cull date (YYYY-MM-DD) as last recorded or amended, kept past a deletion. */
  date: string | undefined;
  /** The ids of every photo ever added to it, removed ones included. */
  photoIds: string[];
}

function follow(history: RecordHistory | undefined, event: StoredLogEvent): RecordHistory {
  const next = history ?? {
    firstAt: event.occurredAt,
    lastAt: event.occurredAt,
    date: undefined,
    photoIds: [],
  };
  next.lastAt = event.occurredAt;
  if (event.type === EVENT_TYPES.recorded) next.date = event.data.date;
  else if (event.type === EVENT_TYPES.amended && event.data.changes.date !== undefined)
    next.date = event.data.changes.date;
  else if (event.type === EVENT_TYPES.photoAdded) next.photoIds.push(event.data.id);
  return next;
}

/**
 * The caller's records past retention, oldest entered first, with their photos: those culled before the cutoff's
 * day (in London) that entered Cull Log before the cutoff. Read from the log, so a record deleted long ago, whose
 * events the log still holds, is found too.
 *
 * The bus (NATS JetStream, deploy/nats) keeps an event 30 days and is never purged here: a record entered before the
 * cutoff (years ago) may still have been amended, placed or given a photo within those 30 days, and that event would
 * outlive the record on the bus, where a subject names a user and an event type but no record to purge by. Such a
 * record is left until its newest event has aged off the bus, and goes with a later day's call: then nothing of it
 * is on the bus, and no projection can be handed one of its events after it has forgotten the record.
 */
async function recordsPastRetention(
  store: RetentionRoutesOptions['store'],
  userId: string,
  cutoff: Date,
  now: Date,
): Promise<{ id: string; photoIds: string[] }[]> {
  const histories = new Map<string, RecordHistory>();
  for (let after = 0; ;) {
    const page = await store.readUser(userId, after, SCAN_PAGE_SIZE);
    for (const event of page) {
      if (isCullStreamEvent(event))
        histories.set(event.streamId, follow(histories.get(event.streamId), event));
    }
    const last = page.at(-1);
    if (last === undefined || page.length < SCAN_PAGE_SIZE) break;
    after = last.position;
    // A user of many records is read in many pages: others' requests are served between them.
    await nextTurn();
  }
  const cutoffDay = londonDate(cutoff);
  const enteredBefore = cutoff.getTime();
  const offTheBusBefore = now.getTime() - DEFAULT_STREAM_MAX_AGE_MS;
  return [...histories]
    .filter(
      ([, history]) =>
        history.date !== undefined &&
        history.date < cutoffDay &&
        Date.parse(history.firstAt) < enteredBefore &&
        Date.parse(history.lastAt) < offTheBusBefore,
    )
    .sort(([idA, a], [idB, b]) => a.firstAt.localeCompare(b.firstAt) || idA.localeCompare(idB))
    .slice(0, MAX_RECORDS_PER_RETENTION)
    .map(([id, history]) => ({ id, photoIds: history.photoIds }));
}

/**
 * `POST /account/retention`: the gateway's daily job, as the user, removes their records past the specification's
 * retention (seven years: the cutoff is the gateway's to give). A record removed is gone as an erasure removes it,
 * not deleted: its photos' bytes, then, in one transaction, its events and everything the read model keeps of it
 * (its row, its search index rows, its place in the user's and a team's totals, the imports' lists of the records
 * they wrote; an outing counts its records as it is read). Answers the ids removed, so the projections can forget
 * them too.
 */
export const retentionRoutes: FastifyPluginAsync<RetentionRoutesOptions> = async (
  app,
  { store, blobs, eraseRecords, now },
) => {
  app.post('/account/retention', async (request) => {
    const cutoff = new Date(RecordRetentionRequest.parse(request.body).cutoff);
    const at = now();
    checkCutoff(cutoff, at);
    const userId = request.identity.uid;
    const records = await recordsPastRetention(store, userId, cutoff, at);
    if (records.length === 0) return RecordRetentionResponse.parse({ record_ids: [] });
    // The photos' bytes first, while the log still names the records: a failure here leaves every record in the log,
    // so the next call finds them again and removes them then. Everything under the record's folder (an upload whose
    // event never landed too), and those kept before there was a folder per user.
    for (const { id, photoIds } of records) {
      await blobs.deleteUnder(`${userBlobPrefix(userId)}/photos/${id}`);
      for (const photoId of photoIds) {
        const keys = earlierPhotoKeys(id, photoId);
        await blobs.delete(keys.original);
        await blobs.delete(keys.thumbnail);
      }
    }
    const recordIds = records.map((record) => record.id);
    const erased = await eraseRecords(userId, recordIds);
    request.log.info({ records: recordIds.length, events: erased.events }, 'records past retention removed');
    return RecordRetentionResponse.parse({ record_ids: recordIds });
  });
};
