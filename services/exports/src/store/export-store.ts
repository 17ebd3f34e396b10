import type { CullFields, ExportQuery } from '@cull-log/contracts';
import type { ProjectionStore } from '@cull-log/projection';

export type { ApplyOutcome } from '@cull-log/projection';

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

/** The export projection: `clear` forgets every row as well as the versions and the checkpoint. */
export interface ExportStore extends ProjectionStore {
  /**
   * The user's rows, newest recorded first, read lazily: the caller pulls rows as it can send them,
   * and ending the iteration early (return()) releases the cursor.
   */
  rows(userId: string, filter: ExportQuery): AsyncIterable<CsvFields>;
}
