import type {
  ImportDefaults,
  ImportFileFormat,
  ImportLayout,
  ImportMapping,
  IMPORT_STATUSES,
} from '@cull-log/contracts';

export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** One upload of the user's, as kept from its preview to its undoing. */
export interface StoredImport {
  id: string;
  user_id: string;
  file_name: string;
  format: ImportFileFormat;
  layout: ImportLayout;
  /** What the preview read the file with; the commit reads it again with the very same. */
  sheet: string | null;
  mapping: ImportMapping;
  defaults: ImportDefaults;
  /** Where the uploaded file is kept until it is imported or the preview expires; null once it is not. */
  blob_key: string | null;
  status: ImportStatus;
  created_at: string;
  /** An unimported preview is purged after this. */
  expires_at: string;
  imported_at: string | null;
  /** When its commit last showed signs of life (claimed it, or wrote a batch); null until committed. */
  claimed_at: string | null;
  rows_ready: number;
  imported: number;
  skipped_duplicates: number;
}

/** A record an import wrote, and the version it had when written: a later version means it was changed since. */
export interface ImportedRecord {
  record_id: string;
  version: number;
}

/** A record an import wrote, as it is now: its version then and now (null once deleted). */
export interface ImportedRecordNow extends ImportedRecord {
  version_now: number | null;
}

/** What a row is matched on to find it among the user's records: see `duplicateKey`. */
export interface DuplicateFields {
  date: string;
  time: string;
  species: string;
  sex: string;
  location_name: string;
  carcass_tag?: string | undefined;
}

/**
 * The user's imports, in the records' database (`Tx` is the event store's transaction handle). The records an
 * import writes are noted in the very transaction that appends them, so its count rises as its batches commit and an
 * undo knows each record's version at import. Every read takes the user: another user's import is never found.
 */
export interface ImportsReadModel<Tx> {
  create(entry: StoredImport): Promise<void>;
  get(userId: string, id: string): Promise<StoredImport | undefined>;
  /** The user's imports, newest first. */
  list(userId: string): Promise<StoredImport[]>;
  /**
   * Moves a preview to 'importing' if it is still a preview and not expired, or takes over an import whose commit has
   * shown no sign of life since `staleBefore` (its process ended): true for the one caller that did it, so two
   * commits at once never both run.
   */
  claim(userId: string, id: string, now: string, staleBefore: string): Promise<boolean>;
  /** Notes a batch of written records, in its append's transaction, `at` the commit's sign of life. */
  noteImported(
    tx: Tx,
    importId: string,
    records: readonly ImportedRecord[],
    at: string,
  ): void | Promise<void>;
  /** Counts rows passed over as already there, as the import goes. */
  noteSkipped(importId: string, skipped: number): Promise<void>;
  /** The import is done: 'imported' at `at`. */
  finish(importId: string, at: string): Promise<void>;
  /** An import that failed part-way goes back to a preview, so it can be committed again (what it wrote is kept). */
  release(importId: string): Promise<void>;
  /** The records the import wrote, with their versions then and now, a page at a time from `after` (a record id). */
  importedRecords(importId: string, after: string, limit: number): Promise<ImportedRecordNow[]>;
  /** How many of the import's records were changed since it wrote them (still there, at another version). */
  changedSince(importId: string): Promise<number>;
  /** The import was undone. */
  markUndone(importId: string): Promise<void>;
  /** The file is no longer kept. */
  forgetFile(importId: string): Promise<void>;
  /** Previews not imported whose time ran out, with their files, at most `limit`. */
  expired(now: string, limit: number): Promise<Pick<StoredImport, 'id' | 'blob_key' | 'imported'>[]>;
  /** Forgets imports wholly (expired previews). */
  remove(ids: readonly string[]): Promise<void>;
  /**
   * The user's records on any of these dates, with only what a duplicate is matched on: one indexed lookup by user
   * and date for a batch of rows.
   */
  onDates(userId: string, dates: readonly string[]): Promise<DuplicateFields[]>;
  /**
   * At most `limit` of the user's imports and the records noted for them, in a batch of the erasure's transactions;
   * answers how many rows went, fewer than `limit` only when none is left.
   */
  eraseUser(tx: Tx, userId: string, limit: number): number | Promise<number>;
  /** Takes these records out of the lists of the records the user's imports wrote, in their erasure's transaction. */
  forgetRecords(tx: Tx, userId: string, recordIds: readonly string[]): void | Promise<void>;
}
