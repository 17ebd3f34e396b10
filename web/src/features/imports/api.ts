import type {
  ImportCommitResponse,
  ImportDefaults,
  ImportMapping,
  ImportPreview,
  ImportSummary,
  UndoImportResponse,
} from '@cull-log/contracts';
import { queryOptions } from '@tanstack/react-query';
import { checkAnswer, prepareAnswerChecks } from '../../api/answers';
import { ApiRequestError, getJson, request } from '../../api/client';
import { markReachable, markUnreachable } from '../../api/connectivity';
import { queryKeys } from '../../api/keys';

/** What is sent beside the file: each is the server's guess (or nothing) until the user changes it. */
export interface ImportChoices {
  mapping?: ImportMapping;
  sheet?: string;
  defaults?: ImportDefaults;
}

/** A big workbook over a poor signal takes its time; past this it counts as no signal. */
const UPLOAD_TIMEOUT_MS = 300_000;

const noSignal = () => new ApiRequestError(0, 'network_error', 'The server could not be reached');

const TOO_LARGE = 'This file is too large to import. Split it into smaller files and import each in turn.';

/** The API's error from an answer's text; a 413 from something in the way (a proxy) still says the file is too big. */
async function errorFrom(status: number, text: string): Promise<ApiRequestError> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const checked = await checkAnswer('ApiError', body).catch(() => undefined);
  if (checked) {
    const { code, message, fields } = checked.error;
    return new ApiRequestError(status, code, message, fields);
  }
  // An error of a code this version of the app does not know yet still has the server's words.
  const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
  if (typeof message === 'string' && message !== '')
    return new ApiRequestError(status, 'http_error', message);
  if (status === 413) return new ApiRequestError(status, 'payload_too_large', TOO_LARGE);
  return new ApiRequestError(status, 'http_error', `Request failed with status ${status}`);
}

/**
 * Sends the file for a preview (nothing is written), reporting how much of it has gone: XMLHttpRequest, as fetch
 * tells nothing of an upload's progress. `onProgress` gets the share sent, from 0 to 1.
 */
export function previewImport(
  file: File,
  choices: ImportChoices,
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
): Promise<ImportPreview> {
  prepareAnswerChecks();
  const form = new FormData();
  form.append('file', file, file.name);
  if (choices.mapping !== undefined) form.append('mapping', JSON.stringify(choices.mapping));
  if (choices.sheet !== undefined) form.append('sheet', JSON.stringify(choices.sheet));
  if (choices.defaults !== undefined) form.append('defaults', JSON.stringify(choices.defaults));

  return new Promise<ImportPreview>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/imports');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      markReachable();
      const text = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          reject(noSignal());
          return;
        }
        checkAnswer('ImportPreview', body).then(resolve, reject);
        return;
      }
      errorFrom(xhr.status, text).then(reject, reject);
    });
    const lost = () => {
      markUnreachable();
      reject(noSignal());
    };
    xhr.addEventListener('error', lost);
    xhr.addEventListener('timeout', lost);
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was called off', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Writes the preview's good rows; answers once every row is in, which for a big file takes a while. */
export async function commitImport(id: string): Promise<ImportCommitResponse> {
  const response = await request(`/api/imports/${encodeURIComponent(id)}/commit`, { method: 'POST' });
  return checkAnswer('ImportCommitResponse', await response.json());
}

/** Removes every record of an import, unless one has changed since (a 409 with the reason). */
export async function undoImport(id: string): Promise<UndoImportResponse> {
  const response = await request(`/api/imports/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return checkAnswer('UndoImportResponse', await response.json());
}

/** How often an import is read while it is written, for its progress. */
export const PROGRESS_POLL_MS = 1000;

/** The user's imports, newest first as the server lists them. */
export function importsQuery() {
  return queryOptions({
    queryKey: queryKeys.imports,
    queryFn: ({ signal }) => getJson('/api/imports', 'ListImportsResponse', signal),
  });
}

/** One import, read again every `pollMs` while it is written (its `imported` count rises as it goes). */
export function importQuery(id: string, pollMs: number | false = false) {
  return queryOptions({
    queryKey: [...queryKeys.imports, id] as const,
    queryFn: ({ signal }): Promise<ImportSummary> =>
      getJson(`/api/imports/${encodeURIComponent(id)}`, 'ImportSummary', signal),
    refetchInterval: pollMs,
  });
}
