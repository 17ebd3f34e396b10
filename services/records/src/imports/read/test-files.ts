import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ZipFile } from 'yazl';

/** The committed fixtures, made by LibreOffice (see scripts/make-import-fixtures.mjs). */
export const fixture = (name: string) => ({
  path: fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)),
  name,
});

/** A folder for the files a test makes, removed by `remove`. */
export function scratchFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'cull-log-import-'));
  return {
    file(name: string, content: string | Buffer) {
      const path = join(folder, name);
      writeFileSync(path, content);
      return { path, name };
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** A zip of these entries, each a buffer or a stream of its bytes (unpacked size not known ahead). */
export async function zipOf(entries: Record<string, Buffer | string | (() => Readable)>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(entries)) {
    if (typeof content === 'function') zip.addReadStream(content(), name);
    else zip.addBuffer(Buffer.from(content), name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** So many zero bytes, as a stream: deflated, a few hundred bytes a megabyte. */
export function zeros(bytes: number): () => Readable {
  return () => {
    const block = Buffer.alloc(1024 * 1024);
    let left = bytes;
    return new Readable({
      read() {
        if (left <= 0) return void this.push(null);
        const size = Math.min(left, block.length);
        left -= size;
        this.push(block.subarray(0, size));
      },
    });
  };
}

/** The zip with this entry's unpacked size in its central directory rewritten to `size`: a header that lies. */
export function withDeclaredSize(zip: Buffer, name: string, size: number): Buffer {
  const patched = Buffer.from(zip);
  const end = patched.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = patched.readUInt16LE(end + 10);
  let offset = patched.readUInt32LE(end + 16);
  for (let entry = 0; entry < count; entry++) {
    const nameLength = patched.readUInt16LE(offset + 28);
    if (patched.toString('utf8', offset + 46, offset + 46 + nameLength) === name)
      patched.writeUInt32LE(size, offset + 24);
    offset +=
      46 +
      patched.readUInt16LE(offset + 28) +
      patched.readUInt16LE(offset + 30) +
      patched.readUInt16LE(offset + 32);
  }
  return patched;
}

/** The smallest XLSX parts around this worksheet XML, for hand-made workbooks. */
export function xlsxParts(sheetXml: string): Record<string, string> {
  return {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Culls" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml': sheetXml,
  };
}

/** The smallest ODS parts around this content XML's tables. */
export function odsParts(tablesXml: string): Record<string, string> {
  return {
    mimetype: 'application/vnd.oasis.opendocument.spreadsheet',
    'content.xml': `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>${tablesXml}</office:spreadsheet></office:body></office:document-content>`,
  };
}
