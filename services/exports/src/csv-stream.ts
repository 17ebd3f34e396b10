import { Readable } from 'node:stream';
import {
  csvChunks,
  exportCsvHeader,
  exportCsvRow,
  teamExportCsvHeader,
  teamExportCsvRow,
} from '@cull-log/domain';
import type { ExportLine, TeamExportLine } from './store/export-store';

/**
 * The CSV file as a byte stream: a row is read from the store only when the client has taken the previous
 * chunks (Readable.from pulls on demand), and destroying the stream ends the store's iteration.
 */
export function csvStream(rows: AsyncIterable<ExportLine>): Readable {
  const values = (row: ExportLine) => exportCsvRow(row.fields, row.ground, row);
  return Readable.from(csvChunks(exportCsvHeader, rows, values), { objectMode: false });
}

/** A team's CSV file, streamed as `csvStream`: who culled each record in the last column. */
export function teamCsvStream(rows: AsyncIterable<TeamExportLine>): Readable {
  const values = (row: TeamExportLine) => teamExportCsvRow(row.fields, row.ground, row.culledBy.name, row);
  return Readable.from(csvChunks(teamExportCsvHeader, rows, values), { objectMode: false });
}
