import { EVENT_POSITION_HEADER } from '@cull-log/contracts';
import { request, type Parser } from './client';
import { noteWritePosition } from './write-position';

/** A write: sends JSON, remembers the event position it reached, and parses the answer when there is one. */
export async function sendJson<T>(
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  parser?: Parser<T>,
): Promise<T | undefined> {
  const response = await request(path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  noteWritePosition(response.headers.get(EVENT_POSITION_HEADER));
  if (!parser || response.status === 204) return undefined;
  return parser.parse(await response.json());
}
