import { Readable } from 'node:stream';
import {
  CSV_BOM,
  exportCsvHeader,
  exportCsvRow,
  teamExportCsvHeader,
  teamExportCsvRow,
  toCsvLine,
} from '@cull-log/domain';
import type { ExportLine, TeamExportLine } from './store/export-store';

/** Lines are gathered into chunks of about this size, so 100,000 rows are not 100,000 socket writes. */
const CHUNK_CHARACTERS = 64 * 1024;

async function* csvChunks<Line extends ExportLine>(
  header: string,
  rows: AsyncIterable<Line>,
  values: (row: Line) => string[],
): AsyncGenerator<string> {
  // The byte-order mark first, so a spreadsheet reads the file as UTF-8 (°C, accented names).
  let chunk = CSV_BOM + header;
  for await (const row of rows) {
    chunk += toCsvLine(values(row));
    if (chunk.length >= CHUNK_CHARACTERS) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}

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
