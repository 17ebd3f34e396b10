import { EVENT_POSITION_HEADER } from '@cull-log/contracts';
import type { Answer, AnswerName } from './answer-check';
import { checkAnswer } from './answers';
import { ApiRequestError, request } from './client';
import type { OutboxCommand } from './outbox/outbox';
import { removePhoto, uploadPhoto } from './photos';
import { noteWritePosition } from './write-position';

// The requests that change something, apart from the hooks that screens use to make them: the app shell (sign-in, the
// outbox's sync) sends them without bringing the query library's mutation code into the first download.

/** A write: sends JSON, remembers the event position it reached, and parses the answer when there is one. */
export async function sendJson<K extends AnswerName>(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  answer?: K,
): Promise<Answer<K> | undefined> {
  const response = await request(path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  noteWritePosition(response.headers.get(EVENT_POSITION_HEADER));
  if (answer === undefined || response.status === 204) return undefined;
  return checkAnswer(answer, await response.json());
}

/** A write the server answers with what it changed, as it now is. */
export async function sendForAnswer<K extends AnswerName>(
  method: 'POST' | 'PATCH' | 'PUT',
  path: string,
  body: unknown,
  answer: K,
): Promise<Answer<K>> {
  const answered = await sendJson(method, path, body, answer);
  if (!answered) throw new ApiRequestError(500, 'internal_error', 'The change was saved without an answer');
  return answered;
}

const cullPath = (id: string) => `/api/culls/${encodeURIComponent(id)}`;

/** Sends one change queued on this device (see the outbox); creates (a cull's, a count's) are idempotent by their id. */
export async function sendCommand(command: OutboxCommand): Promise<void> {
  // The server's answer (the record as saved) is not read: every screen reads the record back after a change, with the
  // warnings the answer lacks, so checking it in the answers worker only to drop it was work for nothing.
  if (command.kind === 'create')
    await sendJson('POST', '/api/culls', { ...command.body, id: command.recordId });
  else if (command.kind === 'amend') await sendJson('PATCH', cullPath(command.recordId), command.body);
  else if (command.kind === 'add-photo') await uploadPhoto(command.recordId, command.photo, command.fileName);
  else if (command.kind === 'remove-photo') await removePhoto(command.recordId, command.photoId);
  else if (command.kind === 'outing-sightings')
    await sendJson('PATCH', `/api/outings/${encodeURIComponent(command.recordId)}`, command.body);
  else if (command.kind === 'record-count')
    await sendJson('POST', '/api/counts', { ...command.body, id: command.recordId });
  else await sendJson('DELETE', cullPath(command.recordId), undefined);
}
