import { Readable } from 'node:stream';
import { exportCsvHeader, exportCsvRow, toCsvLine } from '@cull-log/domain';
import type { ExportLine } from './store/export-store';

/** Lines are gathered into chunks of about this size, so 100,000 rows are not 100,000 socket writes. */
const CHUNK_CHARACTERS = 64 * 1024;

async function* csvChunks(rows: AsyncIterable<ExportLine>): AsyncGenerator<string> {
  let chunk = exportCsvHeader;
  for await (const row of rows) {
    chunk += toCsvLine(exportCsvRow(row.fields, row.ground));
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
  return Readable.from(csvChunks(rows), { objectMode: false });
}
