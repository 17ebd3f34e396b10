import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  isCullStreamEvent,
  type CullCommand,
  type ImportCommitResponse,
  type ImportPreview,
  type ImportRefusal,
  type ImportSummary,
  type LogEvent,
  type StoredLogEvent,
  type UndoImportResponse,
} from '@cull-log/contracts';
import { cullDecider, duplicateKey, foldStream, formatDateUk } from '@cull-log/domain';
import type { BlobStore } from '@cull-log/blobstore';
import {
  VersionConflictError,
  type AppendResult,
  type EventStore,
  type StreamAppend,
} from '@cull-log/eventstore';
import { HttpError } from '@cull-log/service-kit';
import type { CullReadModel } from '../read-model/cull-read-model';
import { refused } from '../kit/management-requests';
import { userBlobPrefix } from '../kit/user-blobs';
import { readImport, type ImportReading, type RowOutcome } from './import-reading';
import type { ReceivedUpload } from './import-upload';
import type { DuplicateFields, ImportedRecord, StoredImport } from './imports-read-model';
import { ImportFileError } from './read';

/** Records written in one transaction: a 20,000-row file is 40 of them, each brief. */
export const IMPORT_BATCH_SIZE = 500;
/** Expired previews purged at a time, whenever the imports are used. */
const PURGE_LIMIT = 100;
/**
 * A commit that has written nothing for this long has stopped (its process ended): committing again takes it over.
 * A batch takes well under a second, so this is many times the longest wait between two.
 */
export const STALE_COMMIT_MS = 10 * 60_000;
/** Changed records named in an undo's refusal. */
const CHANGED_NAMED = 3;

export interface ImportServiceDeps<Tx> {
  store: EventStore<Tx>;
  readModel: Pick<CullReadModel<Tx>, 'apply' | 'imports' | 'listGrounds' | 'get'>;
  blobs: BlobStore;
  now: () => Date;
  newId: () => string;
  /** Told after every append that wrote events (the relay wakes on it). */
  onAppended?: (result: AppendResult) => void;
}

/** Who asks, and the request that caused it (its id goes in the events' meta). */
export interface Caller {
  userId: string;
  correlationId: string;
}

const notFound = () => new HttpError(404, 'not_found', IMPORT_MESSAGES.notFound);

/** Runs the steps in the append's transaction one after another, synchronously where each is (SQLite's are). */
function inOrder(steps: (() => void | Promise<void>)[]): void | Promise<void> {
  for (let index = 0; index < steps.length; index += 1) {
    const outcome = steps[index]!();
    if (outcome instanceof Promise) {
      return steps.slice(index + 1).reduce<Promise<void>>((done, step) => done.then(step), outcome);
    }
  }
}

/** What a row is matched on among the user's records. */
function duplicateFieldsOf(fields: DuplicateFields): string {
  return duplicateKey({
    date: fields.date,
    time: fields.time,
    species: fields.species,
    sex: fields.sex,
    location_name: fields.location_name,
    ...(fields.carcass_tag === undefined ? {} : { carcass_tag: fields.carcass_tag }),
  });
}

type ReadyRow = Extract<RowOutcome, { ok: true }>;

/**
 * Tells the rows of a file already among the user's records, or earlier in the same file, a batch at a time: each
 * batch costs one indexed lookup of the user's records on its dates. `seen` holds the keys of the rows passed.
 */
function duplicateFinder(readModel: ImportServiceDeps<unknown>['readModel'], userId: string) {
  const seen = new Set<string>();
  return async function split(batch: readonly ReadyRow[]) {
    const dates = [...new Set(batch.map(({ request }) => request.date))];
    const existing = new Set((await readModel.imports.onDates(userId, dates)).map(duplicateFieldsOf));
    const fresh: ReadyRow[] = [];
    let duplicates = 0;
    for (const row of batch) {
      const key = duplicateFieldsOf(row.request);
      if (seen.has(key) || existing.has(key)) duplicates += 1;
      else fresh.push(row);
      seen.add(key);
    }
    return { fresh, duplicates };
  };
}

/** The imports: a preview that writes nothing, the commit that writes its rows as records, and the undo. */
export function createImportService<Tx>(deps: ImportServiceDeps<Tx>) {
  const { store, readModel, blobs, now, newId, onAppended } = deps;
  const imports = readModel.imports;

  /** Previews not imported in time go, with their files; run lazily whenever the imports are used. */
  async function purgeExpired(): Promise<void> {
    const at = now().toISOString();
    const expired = await imports.expired(at, PURGE_LIMIT);
    for (const entry of expired) if (entry.blob_key !== null) await blobs.delete(entry.blob_key);
    // One that failed part-way keeps what it wrote, so the user can still undo it: it ends as imported, without its file.
    const partly = expired.filter((entry) => entry.imported > 0);
    for (const entry of partly) {
      await imports.forgetFile(entry.id);
      await imports.finish(entry.id, at);
    }
    const unused = expired.filter((entry) => entry.imported === 0).map((entry) => entry.id);
    if (unused.length > 0) await imports.remove(unused);
  }

  async function groundsOf(userId: string) {
    const grounds = await readModel.listGrounds(userId);
    return grounds.filter((ground) => !ground.archived).map(({ id, name }) => ({ id, name }));
  }

  /** Reads a file; one that cannot be read at all answers 400 with the reader's words, on the file field. */
  async function reading(
    userId: string,
    file: { path: string; name: string },
    options: Parameters<typeof readImport>[1],
  ): Promise<ImportReading> {
    try {
      return await readImport(file, options, { now: now(), grounds: await groundsOf(userId) });
    } catch (error) {
      if (error instanceof ImportFileError) throw refused('file', error.message);
      throw error;
    }
  }

  /** Every row of the file, tallied as the preview shows them. */
  async function tally(userId: string, read: ImportReading) {
    const split = duplicateFinder(readModel, userId);
    const refusals: ImportRefusal[] = [];
    const adjusted: ImportPreview['adjusted'] = [];
    const warnings: ImportPreview['warnings'] = [];
    let total = 0;
    let ready = 0;
    let duplicates = 0;
    let batch: ReadyRow[] = [];
    const flush = async () => {
      const found = await split(batch);
      ready += found.fresh.length;
      duplicates += found.duplicates;
      batch = [];
    };
    for await (const outcome of read.rows()) {
      total += 1;
      if (!outcome.ok) {
        refusals.push(...outcome.refusals);
        continue;
      }
      adjusted.push(...outcome.adjustments);
      warnings.push(...outcome.warnings);
      batch.push(outcome);
      if (batch.length >= IMPORT_BATCH_SIZE) await flush();
    }
    await flush();
    return { total, ready, duplicates, refusals, adjusted, warnings };
  }

  async function preview(caller: Caller, upload: ReceivedUpload): Promise<ImportPreview> {
    await purgeExpired();
    const read = await reading(caller.userId, upload, upload.options);
    const counted = await tally(caller.userId, read);
    const id = newId();
    const blobKey = `${userBlobPrefix(caller.userId)}/imports/${id}`;
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + IMPORT_LIMITS.previewHours * 3_600_000);
    // The file first, streamed: an import's row never names a file that is not kept.
    await blobs.putStream(blobKey, createReadStream(upload.path));
    await imports.create({
      id,
      user_id: caller.userId,
      file_name: upload.name,
      format: read.format,
      layout: read.layout,
      sheet: read.sheet,
      mapping: read.mapping,
      defaults: read.defaults,
      blob_key: blobKey,
      status: 'previewed',
      created_at: createdAt.toISOString(),
      expires_at: expiresAt.toISOString(),
      imported_at: null,
      claimed_at: null,
      rows_ready: counted.ready,
      imported: 0,
      skipped_duplicates: 0,
    });
    return {
      id,
      file_name: upload.name,
      format: read.format,
      layout: read.layout,
      ...(read.encoding === undefined ? {} : { encoding: read.encoding }),
      ...(read.delimiter === undefined ? {} : { delimiter: read.delimiter }),
      sheets: read.sheets,
      sheet: read.sheet,
      columns: read.columns,
      mapping: read.mapping,
      defaults: read.defaults,
      defaults_needed: read.defaults_needed,
      rows_total: counted.total,
      rows_ready: counted.ready,
      rows_refused: counted.refusals,
      adjusted: counted.adjusted,
      duplicates: counted.duplicates,
      warnings: counted.warnings,
      expires_at: expiresAt.toISOString(),
    };
  }

  /** The kept file, on disk again for the reader while `work` runs. */
  async function withKeptFile<T>(entry: StoredImport, work: (path: string) => Promise<T>): Promise<T> {
    const kept = entry.blob_key === null ? undefined : await blobs.getStream(entry.blob_key);
    if (kept === undefined) throw notFound();
    const folder = await mkdtemp(join(tmpdir(), 'cull-log-import-'));
    try {
      const path = join(folder, 'upload');
      await pipeline(Readable.from(kept), createWriteStream(path));
      return await work(path);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** Writes one batch of new records, noted against the import in the same transaction. */
  async function writeBatch(importId: string, caller: Caller, rows: readonly ReadyRow[]): Promise<void> {
    const appends: StreamAppend[] = [];
    const written: ImportedRecord[] = [];
    const occurredAt = now().toISOString();
    for (const { row, request } of rows) {
      const { id: _id, ground_id, outing_id: _outing, ...fields } = request;
      const cullId = newId();
      const command: CullCommand = {
        type: 'RecordCull',
        cullId,
        fields,
        placement: { ground_id: ground_id ?? null, outing_id: null },
        meta: {
          userId: caller.userId,
          eventId: newId(),
          occurredAt,
          correlationId: caller.correlationId,
          source: { import_id: importId, row },
        },
      };
      const decision = cullDecider.decide(command, cullDecider.initialState);
      // The preview checked every row with these rules; one refused now was refused then and is not counted ready.
      if (!decision.ok) continue;
      appends.push({ streamId: cullId, expectedVersion: 0, events: decision.events as LogEvent[] });
      written.push({ record_id: cullId, version: decision.events.length });
    }
    if (appends.length === 0) return;
    const results = await store.appendMany(appends, (tx, stored: StoredLogEvent[]) =>
      inOrder([
        () => readModel.apply(tx, stored),
        () => imports.noteImported(tx, importId, written, occurredAt),
      ]),
    );
    const last = results.at(-1);
    if (last !== undefined) onAppended?.(last);
  }

  async function commit(caller: Caller, id: string): Promise<ImportCommitResponse> {
    await purgeExpired();
    const entry = await imports.get(caller.userId, id);
    if (entry === undefined) throw notFound();
    const at = now();
    const staleBefore = new Date(at.getTime() - STALE_COMMIT_MS).toISOString();
    refuseUnlessCommittable(entry, staleBefore);
    if (!(await imports.claim(caller.userId, id, at.toISOString(), staleBefore))) {
      const after = await imports.get(caller.userId, id);
      if (after === undefined) throw notFound();
      refuseUnlessCommittable(after, staleBefore);
      throw notFound();
    }
    try {
      await withKeptFile(entry, async (path) => {
        const read = await reading(
          caller.userId,
          { path, name: entry.file_name },
          {
            mapping: entry.mapping,
            ...(entry.sheet === null ? {} : { sheet: entry.sheet }),
            defaults: entry.defaults,
          },
        );
        const split = duplicateFinder(readModel, caller.userId);
        let batch: ReadyRow[] = [];
        const flush = async () => {
          const { fresh, duplicates } = await split(batch);
          batch = [];
          await writeBatch(id, caller, fresh);
          await imports.noteSkipped(id, duplicates);
        };
        for await (const outcome of read.rows()) {
          if (!outcome.ok) continue;
          batch.push(outcome);
          if (batch.length >= IMPORT_BATCH_SIZE) await flush();
        }
        await flush();
      });
    } catch (error) {
      // What was written stays, noted against the import: committing again passes over it as already there.
      await imports.release(id);
      throw error;
    }
    await imports.finish(id, now().toISOString());
    if (entry.blob_key !== null) {
      await imports.forgetFile(id);
      await blobs.delete(entry.blob_key);
    }
    const done = await imports.get(caller.userId, id);
    return { imported: done?.imported ?? 0, skipped_duplicates: done?.skipped_duplicates ?? 0 };
  }

  /** Why an import cannot be committed: it is not a preview, nor a commit that stopped part-way. */
  function refuseUnlessCommittable(entry: StoredImport, staleBefore: string): void {
    switch (entry.status) {
      case 'previewed':
        return;
      case 'importing':
        if (entry.claimed_at !== null && entry.claimed_at < staleBefore) return;
        throw new HttpError(409, 'already_imported', IMPORT_MESSAGES.importing);
      case 'imported':
        throw new HttpError(409, 'already_imported', IMPORT_MESSAGES.alreadyImported);
      case 'undone':
        throw new HttpError(409, 'already_imported', IMPORT_MESSAGES.undone);
    }
  }

  /** Why the import cannot be undone now, or null when it can. */
  async function undoBlocked(entry: StoredImport): Promise<string | null> {
    switch (entry.status) {
      case 'previewed':
      case 'importing':
        return IMPORT_MESSAGES.notImported;
      case 'undone':
        return IMPORT_MESSAGES.alreadyUndone;
      case 'imported': {
        const changed = await imports.changedSince(entry.id);
        return changed === 0 ? null : changedSinceMessage(entry, changed);
      }
    }
  }

  /** The refusal of an undo, naming the first few records changed as the records table shows them. */
  async function changedSinceMessage(entry: StoredImport, count: number): Promise<string> {
    const named: string[] = [];
    for (let after = ''; named.length < CHANGED_NAMED;) {
      const page = await imports.importedRecords(entry.id, after, IMPORT_BATCH_SIZE);
      for (const record of page) {
        if (record.version_now === null || record.version_now === record.version) continue;
        const current = await readModel.get(entry.user_id, record.record_id);
        if (current !== undefined)
          named.push(`${formatDateUk(current.date)} ${current.species}, ${current.location_name}`);
        if (named.length >= CHANGED_NAMED) break;
      }
      if (page.length < IMPORT_BATCH_SIZE) break;
      after = page[page.length - 1]!.record_id;
    }
    return IMPORT_MESSAGES.changedSince(count, named);
  }

  async function undo(caller: Caller, id: string): Promise<UndoImportResponse> {
    await purgeExpired();
    const entry = await imports.get(caller.userId, id);
    if (entry === undefined) throw notFound();
    const blocked = await undoBlocked(entry);
    if (blocked !== null) throw new HttpError(409, 'changed_since', blocked);
    let removed = 0;
    for (let after = ''; ;) {
      const page = await imports.importedRecords(id, after, IMPORT_BATCH_SIZE);
      const appends: StreamAppend[] = [];
      for (const record of page) {
        // One the user deleted since is simply gone already.
        if (record.version_now === null) continue;
        const history = (await store.readStream(record.record_id)).filter(isCullStreamEvent);
        const state = foldStream(cullDecider, history);
        const decision = cullDecider.decide(
          {
            type: 'DeleteCull',
            cullId: record.record_id,
            meta: {
              userId: caller.userId,
              eventId: newId(),
              occurredAt: now().toISOString(),
              correlationId: caller.correlationId,
            },
          },
          state,
        );
        if (!decision.ok || decision.events.length === 0) continue;
        appends.push({
          streamId: record.record_id,
          expectedVersion: record.version,
          events: decision.events as LogEvent[],
        });
      }
      if (appends.length > 0) {
        try {
          const results = await store.appendMany(appends, (tx, stored) => readModel.apply(tx, stored));
          const last = results.at(-1);
          if (last !== undefined) onAppended?.(last);
        } catch (error) {
          // A record changed between the check and the delete: the rest stays, and the user is told why.
          if (error instanceof VersionConflictError) {
            const changed = await imports.changedSince(id);
            throw new HttpError(409, 'changed_since', await changedSinceMessage(entry, Math.max(changed, 1)));
          }
          throw error;
        }
        removed += appends.length;
      }
      if (page.length < IMPORT_BATCH_SIZE) break;
      after = page[page.length - 1]!.record_id;
    }
    await imports.markUndone(id);
    return { removed };
  }

  async function summaryOf(entry: StoredImport): Promise<ImportSummary> {
    return {
      id: entry.id,
      file_name: entry.file_name,
      format: entry.format,
      layout: entry.layout,
      status: entry.status,
      created_at: entry.created_at,
      imported_at: entry.imported_at,
      rows_ready: entry.rows_ready,
      imported: entry.imported,
      skipped_duplicates: entry.skipped_duplicates,
      undo_blocked: await undoBlocked(entry),
    };
  }

  return {
    preview,
    commit,
    undo,
    async get(userId: string, id: string): Promise<ImportSummary> {
      await purgeExpired();
      const entry = await imports.get(userId, id);
      if (entry === undefined) throw notFound();
      return summaryOf(entry);
    },
    async list(userId: string): Promise<ImportSummary[]> {
      await purgeExpired();
      const entries = await imports.list(userId);
      const summaries: ImportSummary[] = [];
      for (const entry of entries) summaries.push(await summaryOf(entry));
      return summaries;
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
