import type { AmendCullRequest, RecordCullRequest } from '@cull-log/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './client';
import { isOnline } from './connectivity';
import { sendCommand } from './commands';
import type { OutboxCommand } from './outbox/outbox';
import { useOutbox } from './outbox/outbox-context';
import { refreshAfter } from './keys';

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
export function useSendOrQueue() {
  const outbox = useOutbox();
  return async (command: OutboxCommand): Promise<WriteOutcome> => {
    if (outbox && !isOnline() && (await outbox.queue(command))) return QUEUED;
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
 * Sends a record's photo changes after the record's own write. Behind a record still in the outbox they wait in
 * the outbox too, in order after it; one that fails goes into the outbox, where it is tried again or, if the server
 * refuses it, shown with the server's reason. The record is saved either way.
 */
function useSendPhotos() {
  const outbox = useOutbox();
  const sendOrQueue = useSendOrQueue();
  return async (commands: readonly OutboxCommand[], recordOutcome: WriteOutcome): Promise<void> => {
    for (const command of commands) {
      if (recordOutcome === QUEUED && outbox && (await outbox.queue(command))) continue;
      try {
        await sendOrQueue(command);
      } catch (error) {
        if (!outbox || !(await outbox.queue(command))) throw error;
      }
    }
  };
}

/** The photo changes a form holds for its record, asked for when the record is saved. */
export type PhotoCommands = () => readonly OutboxCommand[];

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
      const refreshed = refreshAfter(queryClient, 'cull');
      // A change kept on the device has nothing new to read yet: the screens show it from the outbox.
      if (answer !== QUEUED) await refreshed;
    },
  });
}

/**
 * Records a new cull under `id`, chosen by the client so a retried submit cannot create it twice, then its
 * photos.
 */
export function useRecordCull(
  id: string,
  onSaved: (body: RecordCullRequest, outcome: WriteOutcome) => void,
  photoCommands: PhotoCommands = () => [],
) {
  const send = useSendOrQueue();
  const sendPhotos = useSendPhotos();
  return useCullWrite(async (body: RecordCullRequest) => {
    const outcome = await send({ kind: 'create', recordId: id, body });
    await sendPhotos(photoCommands(), outcome);
    return outcome;
  }, onSaved);
}

/** Amends a cull, then sends the photos added and removed on its form. */
export function useAmendCull(
  id: string,
  onSaved: (body: AmendCullRequest, outcome: WriteOutcome) => void,
  photoCommands: PhotoCommands = () => [],
) {
  const send = useSendOrQueue();
  const sendPhotos = useSendPhotos();
  return useCullWrite(async (body: AmendCullRequest) => {
    const outcome = await send({ kind: 'amend', recordId: id, body });
    await sendPhotos(photoCommands(), outcome);
    return outcome;
  }, onSaved);
}

export function useDeleteCull(onDeleted?: (id: string, outcome: WriteOutcome) => void) {
  const send = useSendOrQueue();
  return useCullWrite((id: string) => send({ kind: 'delete', recordId: id }), onDeleted);
}
