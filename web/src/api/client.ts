/** Anything with a zod-like `parse`, so responses are checked against the shared contracts. */
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
  // The schemas load on demand, keeping them out of the first page's download.
  const { ApiError } = await import('@cull-log/contracts');
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
  if (init.body !== undefined && !headers.has('content-type'))
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

export async function getJson<T>(path: string, parser: Parser<T>, signal?: AbortSignal): Promise<T> {
  const response = await request(path, signal ? { signal } : {});
  return parser.parse(await response.json());
}

/** The message a screen shows for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
