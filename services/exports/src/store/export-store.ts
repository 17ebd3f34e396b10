import type { CullFields, ExportQuery } from '@cull-log/contracts';
import type { CSV_COLUMNS } from '@cull-log/domain';
import type { ProjectionStore } from '@cull-log/projection';

/** The fields the CSV columns are made of. */
export type CsvFields = Pick<CullFields, (typeof CSV_COLUMNS)[number]['field']>;

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
