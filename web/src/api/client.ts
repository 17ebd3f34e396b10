import type { Answer, AnswerName } from './answer-check';
import { checkAnswer, prepareAnswerChecks } from './answers';

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

/** fetch with the session cookie, JSON headers, and every non-2xx answer turned into an ApiRequestError. */
export async function request(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  // A form (a photo) sets its own multipart type and boundary.
  if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('content-type'))
    headers.set('content-type', 'application/json');
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init, headers });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'network_error', 'The server could not be reached');
  }
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
  if (typeof check === 'string') return checkAnswer(check, await response.json());
  const [parser, body] = await Promise.all([check, response.json() as Promise<unknown>]);
  return parser.parse(body);
}

/** The message a screen shows for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
