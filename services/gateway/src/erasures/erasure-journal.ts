/** One erasure the gateway made: the account's opaque id and when it was erased. Nothing else is kept. */
export interface ErasureEntry {
  uid: string;
  erasedAt: Date;
}

/** How long backups are kept unless `BACKUP_RETENTION_DAYS` says otherwise: daily copies kept for five weeks. */
export const DEFAULT_BACKUP_RETENTION_DAYS = 35;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The oldest erasure a backup kept `days` days could still undo; entries before it are forgotten. */
export function journalCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** Forgets the journal's entries older than the oldest backup: no restore can bring their accounts back. */
export function forgetLapsedErasures(journal: ErasureJournal, now: Date, backupRetentionDays: number) {
  return journal.forgetBefore(journalCutoff(now, backupRetentionDays));
}

/**
 * The erasures made, kept apart from the stores a backup restores (a file of its own, or a MongoDB database of its own),
 * so that after a restore they can be made again (`npm run erasures:replay`). An entry is kept only as long as a backup
 * could bring its account back.
 */
export interface ErasureJournal {
  /** Keeps the entry durably (on disk, or acknowledged by a majority) before it answers. */
  append(entry: ErasureEntry): Promise<void>;
  /** Every entry kept, oldest first. */
  list(): Promise<ErasureEntry[]>;
  /** Forgets the entries made before `cutoff`; answers how many. */
  forgetBefore(cutoff: Date): Promise<number>;
  close(): Promise<void>;
}
