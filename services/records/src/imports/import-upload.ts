import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { IMPORT_LIMITS, IMPORT_MESSAGES, IMPORT_UPLOAD_TOO_LARGE, ImportOptions } from '@cull-log/contracts';
import { HttpError } from '@cull-log/service-kit';
import { refused } from '../kit/management-requests';

/** The multipart fields beside the file, each JSON text. */
const OPTION_FIELDS = ['mapping', 'sheet', 'defaults'] as const;
type OptionField = (typeof OPTION_FIELDS)[number];

/** A mapping of the most columns, written out, with room to spare. */
const MAX_FIELD_BYTES = 256 * 1024;

/** An upload received: the file on disk (its folder removed by `discard`), its name as sent, and the options. */
export interface ReceivedUpload {
  path: string;
  name: string;
  bytes: number;
  options: ImportOptions;
  discard(): Promise<void>;
}

const isOptionField = (name: string): name is OptionField =>
  (OPTION_FIELDS as readonly string[]).includes(name);

/** The multipart plugin's refusals of the upload itself, in the import's words. */
function uploadError(error: unknown): unknown {
  switch ((error as { code?: unknown } | undefined)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, 'payload_too_large', IMPORT_UPLOAD_TOO_LARGE);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return refused('file', IMPORT_MESSAGES.noFile);
    default:
      return error;
  }
}

/**
 * Reads POST /imports: the file in `file`, streamed to a file of its own (never held whole in memory), and the JSON
 * fields `mapping`, `sheet` and `defaults`, checked against ImportOptions. Anything wrong answers 400 (413 for a file
 * too large) with nothing kept.
 */
export async function receiveUpload(request: FastifyRequest): Promise<ReceivedUpload> {
  const folder = await mkdtemp(join(tmpdir(), 'cull-log-import-'));
  const discard = () => rm(folder, { recursive: true, force: true });
  try {
    let file: { path: string; name: string; bytes: number } | undefined;
    const texts: Partial<Record<OptionField, string>> = {};
    const parts = request.parts({
      limits: {
        fileSize: IMPORT_LIMITS.maxUploadBytes,
        files: 1,
        fields: OPTION_FIELDS.length,
        fieldSize: MAX_FIELD_BYTES,
        parts: OPTION_FIELDS.length + 1,
        headerPairs: 20,
      },
    });
    try {
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file')
            throw refused(part.fieldname, IMPORT_MESSAGES.unknownField(part.fieldname));
          const path = join(folder, 'upload');
          await pipeline(part.file, createWriteStream(path));
          if (part.file.truncated) throw new HttpError(413, 'payload_too_large', IMPORT_UPLOAD_TOO_LARGE);
          file = { path, name: part.filename || 'import', bytes: part.file.bytesRead };
        } else {
          if (!isOptionField(part.fieldname))
            throw refused(part.fieldname, IMPORT_MESSAGES.unknownField(part.fieldname));
          if (part.valueTruncated) throw refused(part.fieldname, IMPORT_MESSAGES.notJson(part.fieldname));
          texts[part.fieldname] = String(part.value);
        }
      }
    } catch (error) {
      throw uploadError(error);
    }
    // Read from the connection, so checked against the digest the gateway signed only now that it has all come.
    await request.bodyIntact();
    const options = optionsOf(texts);
    if (file === undefined) throw refused('file', IMPORT_MESSAGES.noFile);
    return { ...file, options, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

/** The JSON fields parsed and checked; an empty field is as if not sent. */
function optionsOf(texts: Partial<Record<OptionField, string>>): ImportOptions {
  const values: Record<string, unknown> = {};
  for (const field of OPTION_FIELDS) {
    const text = texts[field]?.trim();
    if (text === undefined || text === '') continue;
    try {
      values[field] = JSON.parse(text) as unknown;
    } catch {
      throw refused(field, IMPORT_MESSAGES.notJson(field));
    }
  }
  return ImportOptions.parse(values);
}
