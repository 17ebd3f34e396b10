import type { AmendCullRequest, RecordCullRequest } from '@cull-log/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './client';
import { sendCommand } from './commands';
import type { OutboxCommand } from '../offline/outbox';
import { useOutbox } from '../offline/outbox-context';
import { queryKeys } from './keys';

/** What a write resolves to when it was kept in the outbox rather than sent. */
const QUEUED = 'queued';

/** How a change went: sent to the server, or kept on this device until there is a signal. */
export type WriteOutcome = 'sent' | typeof QUEUED;

/** The server could not be reached at all (no signal), as opposed to answering no. */
const isNoNetwork = (error: unknown) => error instanceof ApiRequestError && error.status === 0;

/**
 * Sends a change now; with no signal (offline, or the request failing for want of network) it goes into the
 * signed-in user's outbox instead and counts as saved on this device, to be sent when the signal is back.
 */
function useSendOrQueue() {
  const outbox = useOutbox();
  return async (command: OutboxCommand): Promise<WriteOutcome> => {
    if (outbox && !navigator.onLine && (await outbox.queue(command))) return QUEUED;
    try {
      await sendCommand(command);
      return 'sent';
    } catch (error) {
      if (outbox && isNoNetwork(error) && (await outbox.queue(command))) return QUEUED;
      throw error;
    }
  };
}

/**
 * A write as a mutation, which owns its pending state and error. `onSaved` runs as soon as the server has
 * answered; the mutation stays pending until every list, record, map and dashboard figure has been asked
 * for again (the dashboard at least as fresh as this write's event position).
 */
function useCullWrite<Variables>(
  write: (variables: Variables) => Promise<WriteOutcome>,
  onSaved?: (variables: Variables, outcome: WriteOutcome) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (answer, variables) => {
      onSaved?.(variables, answer);
      const refreshed = Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.culls }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats }),
        queryClient.invalidateQueries({ queryKey: queryKeys.larder }),
      ]);
      // A change kept on the device has nothing new to read yet: the screens show it from the outbox.
      if (answer !== QUEUED) await refreshed;
    },
  });
}

/** Records a new cull under `id`, chosen by the client so a retried submit cannot create it twice. */
export function useRecordCull(id: string, onSaved: (body: RecordCullRequest, outcome: WriteOutcome) => void) {
  const send = useSendOrQueue();
  return useCullWrite((body: RecordCullRequest) => send({ kind: 'create', recordId: id, body }), onSaved);
}

export function useAmendCull(id: string, onSaved: (body: AmendCullRequest, outcome: WriteOutcome) => void) {
  const send = useSendOrQueue();
  return useCullWrite((body: AmendCullRequest) => send({ kind: 'amend', recordId: id, body }), onSaved);
}

export function useDeleteCull(onDeleted?: (id: string, outcome: WriteOutcome) => void) {
  const send = useSendOrQueue();
  return useCullWrite((id: string) => send({ kind: 'delete', recordId: id }), onDeleted);
}
