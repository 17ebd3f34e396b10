import { CSV_BOM, toCsvLine } from './cull-csv';

/** Lines are gathered into chunks of about this size, so 100,000 rows are not 100,000 socket writes. */
const CHUNK_CHARACTERS = 64 * 1024;

/**
 * A CSV download as chunks of text: the byte-order mark and `header` (a line made by toCsvLine), then each row's
 * values as a neutralised line. A row is read only when the previous chunks have been taken, so a stream made of
 * it (Readable.from) pulls from the store on demand.
 */
export async function* csvChunks<Row>(
  header: string,
  rows: AsyncIterable<Row> | Iterable<Row>,
  values: (row: Row) => readonly string[],
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
