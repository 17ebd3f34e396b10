import {
  Cull,
  EVENT_POSITION_HEADER,
  type AmendCullRequest,
  type RecordCullRequest,
} from '@cull-log/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, request, type Parser } from './client';
import { queryKeys } from './keys';
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

async function sendCull(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<Cull> {
  const cull = await sendJson(method, path, body, Cull);
  if (!cull) throw new ApiRequestError(500, 'internal_error', 'The record was saved without an answer');
  return cull;
}

const cullPath = (id: string) => `/api/culls/${encodeURIComponent(id)}`;

/**
 * A write as a mutation, which owns its pending state and error. `onSaved` runs as soon as the server has
 * answered; the mutation stays pending until every list, record, map and dashboard figure has been asked
 * for again (the dashboard at least as fresh as this write's event position).
 */
function useCullWrite<Variables>(
  write: (variables: Variables) => Promise<unknown>,
  onSaved?: (variables: Variables) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (_answer, variables) => {
      onSaved?.(variables);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.culls }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats }),
      ]);
    },
  });
}

/** Records a new cull under `id`, chosen by the client so a retried submit cannot create it twice. */
export function useRecordCull(id: string, onSaved: (body: RecordCullRequest) => void) {
  return useCullWrite((body: RecordCullRequest) => sendCull('POST', '/api/culls', { ...body, id }), onSaved);
}

export function useAmendCull(id: string, onSaved: () => void) {
  return useCullWrite((body: AmendCullRequest) => sendCull('PATCH', cullPath(id), body), onSaved);
}

export function useDeleteCull(onDeleted?: () => void) {
  return useCullWrite((id: string) => sendJson('DELETE', cullPath(id), undefined), onDeleted);
}
