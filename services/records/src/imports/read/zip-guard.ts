import { open as openFile, type FileHandle } from 'node:fs/promises';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { IMPORT_LIMITS } from '@cull-log/contracts';
import yauzl, { type Entry, type LocalFileHeader, type ZipFile } from 'yauzl';
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
  /** The last bytes of each part, as text, when every part was unpacked on opening: how each one ends. */
  readonly endings: ReadonlyMap<string, string>;
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

/** 0xFFFFFFFF in a 32-bit size: the true size is in the zip64 extra field. */
const ZIP64_SIZE = 0xffffffff;

function sameAsCentral(local: LocalFileHeader, entry: Entry): boolean {
  if (local.generalPurposeBitFlag !== entry.generalPurposeBitFlag) return false;
  if (local.compressionMethod !== entry.compressionMethod) return false;
  if (
    local.fileName.toString('utf8') !== entry.fileName &&
    local.fileName.toString('latin1') !== entry.fileName
  )
    return false;
  // With a data descriptor, the local header may leave its sizes and checksum at zero: they follow the data then.
  const described = (local.generalPurposeBitFlag & DATA_DESCRIPTOR_FLAG) !== 0;
  const same = (value: number, central: number, wide: boolean) =>
    value === central || (described && value === 0) || (wide && value === ZIP64_SIZE);
  return (
    same(local.crc32, entry.crc32, false) &&
    same(local.compressedSize, entry.compressedSize, true) &&
    same(local.uncompressedSize, entry.uncompressedSize, true)
  );
}

const DATA_DESCRIPTOR = 0x08074b50;

/** Whether the data descriptor after an entry's data gives the checksum and sizes the central directory does. */
async function descriptorAgrees(
  handle: FileHandle,
  at: number,
  length: number,
  entry: Entry,
): Promise<boolean> {
  const bytes = Buffer.alloc(length);
  await handle.read(bytes, 0, length, at);
  const signed = length === 16 || length === 24;
  if (signed && bytes.readUInt32LE(0) !== DATA_DESCRIPTOR) return false;
  const start = signed ? 4 : 0;
  const wide = length >= 20;
  const read = (offset: number) =>
    wide ? Number(bytes.readBigUInt64LE(offset)) : bytes.readUInt32LE(offset);
  const sizeWidth = wide ? 8 : 4;
  return (
    bytes.readUInt32LE(start) === entry.crc32 >>> 0 &&
    read(start + 4) === entry.compressedSize &&
    read(start + 4 + sizeWidth) === entry.uncompressedSize
  );
}

const ENDING_BYTES = 64;

/** Takes an entry's unpacked bytes and fails unless they match its checksum; keeps the last few bytes in `ending`. */
function checksum(expected: number, ending: (tail: Buffer) => void): Writable {
  let value = 0;
  let tail = Buffer.alloc(0);
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      value = crc32(chunk, value);
      tail = Buffer.concat([tail, chunk.subarray(-ENDING_BYTES)]).subarray(-ENDING_BYTES);
      ending(tail);
      callback();
    },
    final(callback) {
      callback(value >>> 0 === expected >>> 0 ? null : broken());
    },
  });
}

/** yauzl's own check that an entry unpacks to the size its header declared, as our error. */
function asImportError(error: unknown): ImportFileError {
  if (error instanceof ImportFileError) return error;
  return error instanceof Error && /too many bytes/i.test(error.message) ? zipBomb() : broken();
}

/**
 * Each entry's bytes must follow the one before with nothing hidden between them, and each local header must say what
 * the central directory says (name, method, sizes and checksum), so that a reader walking the local headers one after
 * another (as exceljs's streaming reader does) meets exactly the entries checked here.
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
      const local = await zip.readLocalFileHeaderPromise(entry);
      if (!sameAsCentral(local, entry)) throw broken();
      const dataEnd = local.fileDataStart + entry.compressedSize;
      const next = ordered[index + 1]?.relativeOffsetOfLocalHeader ?? centralDirectory;
      const gap = next - dataEnd;
      const allowed =
        (entry.generalPurposeBitFlag & DATA_DESCRIPTOR_FLAG) !== 0 ? DATA_DESCRIPTOR_LENGTHS : [0];
      if (!allowed.includes(gap)) throw broken();
      if (gap > 0 && !(await descriptorAgrees(handle, dataEnd, gap, entry))) throw broken();
    }
  } finally {
    await handle.close();
  }
}

/**
 * Opens a zip (an XLSX or ODS) only once it is known not to be a zip bomb: the sizes its central directory declares
 * must together stay within IMPORT_LIMITS.maxUnpackedBytes, and every byte actually unpacked is counted against the
 * same bound (yauzl also refuses an entry that unpacks to more than its header said). With `unpackAll`, every entry is
 * unpacked once here, its checksum checked, and its entries checked to lie end to end as the central directory says,
 * for a reader that walks the zip by itself.
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
    const endings = new Map<string, string>();
    if (unpackAll) {
      try {
        // Unpacked first, through the central directory and the byte bound, so a header that lies is a bomb stopped.
        const unpacked = { remaining: IMPORT_LIMITS.maxUnpackedBytes };
        const keep = (name: string) => (tail: Buffer) => endings.set(name, tail.toString('latin1'));
        for (const entry of entries.values()) {
          if (entry.fileName.endsWith('/')) continue;
          await pipeline(
            await zip.openReadStreamPromise(entry),
            byteGuard(unpacked),
            checksum(entry.crc32, keep(entry.fileName)),
          );
        }
        await assertContiguous(path, zip, [...entries.values()], centralDirectory);
      } catch (error) {
        throw asImportError(error);
      }
    }
    return {
      names: [...entries.keys()],
      endings,
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
