import type { Answer, AnswerName } from './answer-check';
import { checkAnswer, prepareAnswerChecks } from './answers';
import { markReachable, markUnreachable } from './connectivity';

/** Anything with a zod-like `parse`: a check of a read's own that needs none of the shared schemas. */
export interface Parser<T> {
  parse(value: unknown): T;
}

/** A failed call: the HTTP status (0 when the server could not be reached) and the API's error body. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

async function errorFrom(response: Response): Promise<ApiRequestError> {
  const body: unknown = await response.json().catch(() => undefined);
  const checked = await checkAnswer('ApiError', body).catch(() => undefined);
  if (checked) {
    const { code, message, fields } = checked.error;
    return new ApiRequestError(response.status, code, message, fields);
  }
  return new ApiRequestError(response.status, 'http_error', `Request failed with status ${response.status}`);
}

/**
 * How long a request may take before it counts as no signal: a poor signal leaves requests hanging rather than
 * failing. A photo's upload gets longer; a download the user asked for (a CSV, a PDF) is left to the browser.
 */
const READ_TIMEOUT_MS = 15_000;
const WRITE_TIMEOUT_MS = 30_000;
const UPLOAD_TIMEOUT_MS = 120_000;

function timeoutFor(init: RequestInit, accept: string): number | undefined {
  if (!accept.includes('json')) return undefined;
  if (init.body instanceof FormData) return UPLOAD_TIMEOUT_MS;
  return (init.method ?? 'GET') === 'GET' ? READ_TIMEOUT_MS : WRITE_TIMEOUT_MS;
}

/** The caller's signal, and a timeout that covers the answer's body as well as its headers. */
function withTimeout(
  signal: AbortSignal | null | undefined,
  ms: number | undefined,
): AbortSignal | undefined {
  if (ms === undefined) return signal ?? undefined;
  const timeout = new AbortController();
  setTimeout(() => timeout.abort(new DOMException('The request took too long', 'TimeoutError')), ms);
  return signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
}

/** A JSON request answered with a page (a captive portal's sign-in, a proxy's error page) never reached the server. */
function isSomeoneElsesAnswer(response: Response, accept: string): boolean {
  if (!accept.includes('json') || response.status === 204 || response.status === 304) return false;
  if (response.ok) return response.headers.get('content-type')?.includes('json') !== true;
  // The gateway's own errors are JSON too; a bare 502-504 is a proxy in the way with the server out of reach.
  return (
    response.status >= 502 &&
    response.status <= 504 &&
    !response.headers.get('content-type')?.includes('json')
  );
}

const noSignal = () => new ApiRequestError(0, 'network_error', 'The server could not be reached');

/**
 * fetch with the session cookie, JSON headers, and every non-2xx answer turned into an ApiRequestError. No
 * network, a request that hangs past its time, or an answer from something other than the server fails with status
 * 0 and tells the app there is no signal (connectivity.ts); any answer from the server tells it there is.
 */
export async function request(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  const accept = headers.get('accept') ?? '';
  // A form (a photo) sets its own multipart type and boundary.
  if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('content-type'))
    headers.set('content-type', 'application/json');
  const signal = withTimeout(init.signal, timeoutFor(init, accept));
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    // Called off by the caller (a screen left): not a question of signal.
    if (init.signal?.aborted) throw error;
    markUnreachable();
    throw noSignal();
  }
  if (isSomeoneElsesAnswer(response, accept)) {
    markUnreachable();
    throw noSignal();
  }
  markReachable();
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/**
 * GET `path` and check the answer: against the shared schema of that name (off the page's main thread, see
 * `answers.ts`), or with a parser of its own (or one on its way) that needs none of them.
 */
export function getJson<K extends AnswerName>(
  path: string,
  name: K,
  signal?: AbortSignal,
): Promise<Answer<K>>;
export function getJson<T>(
  path: string,
  parser: Parser<T> | Promise<Parser<T>>,
  signal?: AbortSignal,
): Promise<T>;
export async function getJson(
  path: string,
  check: AnswerName | Parser<unknown> | Promise<Parser<unknown>>,
  signal?: AbortSignal,
): Promise<unknown> {
  if (typeof check === 'string') prepareAnswerChecks();
  const response = await request(path, signal ? { signal } : {});
  const body = readBody(response, signal);
  if (typeof check === 'string') return checkAnswer(check, await body);
  const [parser, read] = await Promise.all([check, body]);
  return parser.parse(read);
}

/** The answer's JSON; one cut off on the way (the signal lost, the request timed out) counts as no signal. */
async function readBody(response: Response, signal: AbortSignal | undefined): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch (error) {
    if (signal?.aborted) throw error;
    markUnreachable();
    throw noSignal();
  }
}

/** The message a screen shows for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
