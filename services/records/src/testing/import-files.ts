import { CSV_BOM, csvHeader, csvRow, toCsvLine } from '@cull-log/domain';
import type { CullFields } from '@cull-log/contracts';

/** A multipart body as a browser sends a form: `file` with its name and type, then any text fields. */
export function multipartForm(
  file: { name: string; type?: string; bytes: Buffer | string } | undefined,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----cull-log-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file !== undefined) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.bytes) ? file.bytes : Buffer.from(file.bytes, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A CSV in the columns of Cull Log's own export (as `GET /exports/culls.csv` writes them), one line per record. */
export function exportCsv(records: readonly CullFields[]): string {
  return CSV_BOM + csvHeader + records.map((record) => toCsvLine(csvRow(record))).join('');
}
