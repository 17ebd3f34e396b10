import type * as ContractsModule from './contracts-read';

/** Anything with a zod-like `parse`, so responses are checked against the shared contracts. */
export interface Parser<T> {
  parse(value: unknown): T;
}

export type Contracts = typeof ContractsModule;

/** The parser of an answer, picked from the contracts once they have loaded. */
export type Schema<T> = (contracts: Contracts) => Parser<T>;

/**
 * The shared schemas load with the first request that needs them, never in the first page's download. The session
 * check, which every page asks (public ones too), needs none of them: it has a check of its own.
 */
export const loadContracts = (): Promise<Contracts> => import('./contracts-read');

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
  const { ApiError } = await loadContracts();
  const parsed = ApiError.safeParse(body);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
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
 * GET `path` and check the answer with `schema`: one picked from the shared schemas, which then load beside the
 * request, or a parser of its own (or one on its way) that needs none of them.
 */
export async function getJson<T>(
  path: string,
  schema: Schema<T> | Parser<T> | Promise<Parser<T>>,
  signal?: AbortSignal,
): Promise<T> {
  const [parser, response] = await Promise.all([
    typeof schema === 'function' ? loadContracts().then(schema) : schema,
    request(path, signal ? { signal } : {}),
  ]);
  return parser.parse(await response.json());
}

/** The message a screen shows for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
