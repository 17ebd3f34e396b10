import { open as openFile } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_LIMITS } from '@cull-log/contracts';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { IMPORT_FILE_MESSAGES, ImportFileError } from './import-file-error';

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR_FLAG = 0x08;
/** A data descriptor after an entry's data: 12 bytes, 16 with its signature, 20 or 24 with 64-bit sizes. */
const DATA_DESCRIPTOR_LENGTHS = [12, 16, 20, 24];

const zipBomb = () => new ImportFileError('zip-bomb', IMPORT_FILE_MESSAGES.zipBomb);
const broken = () => new ImportFileError('broken-workbook', IMPORT_FILE_MESSAGES.brokenWorkbook);

/** A zip whose parts were checked to unpack to no more than an import allows, as their headers declare and in fact. */
export interface GuardedZip {
  readonly names: readonly string[];
  /** A small part as text, or undefined when the zip has no part of that name. */
  readText(name: string): Promise<string | undefined>;
  /** A part as a stream of its unpacked bytes, or undefined when the zip has no part of that name. */
  openStream(name: string): Promise<Readable | undefined>;
  close(): void;
}

/** Counts the bytes through it and fails past the bound, whatever the entry's header declared. */
function byteGuard(limit: { remaining: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      limit.remaining -= chunk.length;
      if (limit.remaining < 0) callback(zipBomb());
      else callback(null, chunk);
    },
  });
}

/** yauzl's own check that an entry unpacks to the size its header declared, as our error. */
function asImportError(error: unknown): ImportFileError {
  if (error instanceof ImportFileError) return error;
  return error instanceof Error && /too many bytes/i.test(error.message) ? zipBomb() : broken();
}

/**
 * Each entry's bytes must follow the one before with nothing hidden between them, so that a reader walking the local
 * headers one after another (as exceljs's streaming reader does) meets exactly the entries checked here.
 */
async function assertContiguous(
  path: string,
  zip: ZipFile,
  entries: readonly Entry[],
  centralDirectory: number,
) {
  const ordered = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  if (ordered.length > 0 && ordered[0]!.relativeOffsetOfLocalHeader !== 0) throw broken();
  const handle = await openFile(path, 'r');
  try {
    const signature = Buffer.alloc(4);
    for (const [index, entry] of ordered.entries()) {
      await handle.read(signature, 0, 4, entry.relativeOffsetOfLocalHeader);
      if (signature.readUInt32LE(0) !== LOCAL_HEADER) throw broken();
      const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
      const dataEnd = fileDataStart + entry.compressedSize;
      const next = ordered[index + 1]?.relativeOffsetOfLocalHeader ?? centralDirectory;
      const gap = next - dataEnd;
      const allowed =
        (entry.generalPurposeBitFlag & DATA_DESCRIPTOR_FLAG) !== 0 ? DATA_DESCRIPTOR_LENGTHS : [0];
      if (!allowed.includes(gap)) throw broken();
    }
  } finally {
    await handle.close();
  }
}

/**
 * Opens a zip (an XLSX or ODS) only once it is known not to be a zip bomb: the sizes its central directory declares
 * must together stay within IMPORT_LIMITS.maxUnpackedBytes, and every byte actually unpacked is counted against the
 * same bound (yauzl also refuses an entry that unpacks to more than its header said). With `unpackAll`, every entry is
 * unpacked once here and its entries checked to lie end to end, for a reader that walks the zip by itself.
 */
export async function openGuardedZip(
  path: string,
  { unpackAll }: { unpackAll: boolean },
): Promise<GuardedZip> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(path, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch {
    throw broken();
  }
  try {
    // Before any entry is read, yauzl's cursor stands at the start of the central directory.
    const centralDirectory = zip.readEntryCursor as unknown as number;
    const entries = new Map<string, Entry>();
    let declared = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        declared += entry.uncompressedSize;
        if (declared > IMPORT_LIMITS.maxUnpackedBytes) throw zipBomb();
        entries.set(entry.fileName, entry);
      }
    } catch (error) {
      throw asImportError(error);
    }
    const limit = { remaining: IMPORT_LIMITS.maxUnpackedBytes };
    const openStream = async (name: string): Promise<Readable | undefined> => {
      const entry = entries.get(name);
      if (entry === undefined) return undefined;
      try {
        const stream = await zip.openReadStreamPromise(entry);
        const guarded = stream.pipe(byteGuard(limit));
        stream.on('error', (error) => guarded.destroy(asImportError(error)));
        return guarded;
      } catch (error) {
        throw asImportError(error);
      }
    };
    if (unpackAll) {
      try {
        await assertContiguous(path, zip, [...entries.values()], centralDirectory);
        const unpacked = { remaining: IMPORT_LIMITS.maxUnpackedBytes };
        for (const entry of entries.values()) {
          if (entry.fileName.endsWith('/')) continue;
          await pipeline(await zip.openReadStreamPromise(entry), byteGuard(unpacked), async (source) => {
            for await (const _chunk of source);
          });
        }
      } catch (error) {
        throw asImportError(error);
      }
    }
    return {
      names: [...entries.keys()],
      openStream,
      async readText(name) {
        const stream = await openStream(name);
        if (stream === undefined) return undefined;
        const chunks: Buffer[] = [];
        try {
          for await (const chunk of stream) chunks.push(chunk as Buffer);
        } catch (error) {
          throw asImportError(error);
        }
        return Buffer.concat(chunks).toString('utf8');
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
