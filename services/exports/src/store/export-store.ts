import type { CullFields, ExportQuery, StoredEvent } from '@cull-log/contracts';

/** What applying one event did: applied, already applied (a redelivery), or arrived before an earlier version. */
export type ApplyOutcome = 'applied' | 'duplicate' | 'gap';

/** The fields that make up a CSV row (SPEC §3 "CSV export"). */
export const CSV_FIELD_NAMES = [
  'date',
  'time',
  'location_name',
  'species',
  'sex',
  'age_estimate',
  'weight',
  'condition',
  'shot_placement',
  'shot_distance',
  'antlers_present',
  'antler_points',
  'antler_condition',
  'notes',
] as const satisfies readonly (keyof CullFields)[];

export type CsvFields = Pick<CullFields, (typeof CSV_FIELD_NAMES)[number]>;

/** One live cull as the export keeps it. */
export interface ExportRow {
  userId: string;
  /** When the cull was recorded (ISO), the order of the Cull Data table. */
  createdAt: string;
  fields: CsvFields;
}

export interface ExportStore {
  /** Applies one event and moves the checkpoint, in one transaction, guarded by the stream version. */
  apply(event: StoredEvent): Promise<ApplyOutcome>;
  /**
   * The user's rows, newest recorded first, read lazily: the caller pulls rows as it can send them,
   * and ending the iteration early (return()) releases the cursor.
   */
  rows(userId: string, filter: ExportQuery): AsyncIterable<CsvFields>;
  /** Global position of the newest applied event, 0 when none. */
  position(): Promise<number>;
  /** Forgets every row, version and the checkpoint (the first step of a rebuild). */
  clear(): Promise<void>;
  close(): Promise<void>;
}
