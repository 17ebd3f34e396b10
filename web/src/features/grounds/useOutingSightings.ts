import type { Outing, OutingSightingItem } from '@cull-log/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { isOnline } from '../../api/connectivity';
import { refreshAfter } from '../../api/keys';
import type { OutingSightingsChange } from '../../api/outbox/outbox';
import { useOutbox } from '../../api/outbox/outbox-context';
import { amendOuting } from './api';

/** What the counters show: the people out, and the lines of deer seen (null: not recorded yet). */
export interface SightingsEntry {
  hunters: number;
  sightings: OutingSightingItem[] | null;
}

/** What is sent for an entry: lines counted down to none are left out, so no line of them means nothing was seen. */
export function changeOf(entry: SightingsEntry): OutingSightingsChange {
  return {
    hunters: entry.hunters,
    ...(entry.sightings !== null && { sightings: entry.sightings.filter((line) => line.count > 0) }),
  };
}

/**
 * The deer seen and people out on an outing, changed a tap at a time. Each tap works on the entry the last tap left
 * (kept apart from rendering, so quick taps never overwrite one another) and is saved through the outbox, which keeps
 * the newest whole list for the outing and sends it when there is a signal. Screens rendered without an outbox send
 * straight to the server, one change after another.
 */
export function useOutingSightings(outing: Outing) {
  const outbox = useOutbox();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SightingsEntry | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const latest = useRef<SightingsEntry | undefined>(undefined);
  const fromServer = useRef<SightingsEntry>({ hunters: outing.hunters, sightings: outing.sightings });
  fromServer.current = { hunters: outing.hunters, sightings: outing.sightings };
  const direct = useRef<Promise<void>>(Promise.resolve());
  const outingId = outing.id;

  const save = useCallback(
    (change: OutingSightingsChange) => {
      const sendNow = () => {
        direct.current = direct.current
          .then(() => amendOuting(outingId, change))
          .then(
            () => {
              setProblem(undefined);
              return refreshAfter(queryClient, 'outing');
            },
            (error: unknown) => setProblem(errorMessage(error)),
          )
          .then(() => undefined);
      };
      if (!outbox) {
        sendNow();
        return;
      }
      void outbox
        .queue({ kind: 'outing-sightings', recordId: outingId, body: change })
        .then((queued) => {
          if (!queued) sendNow();
          else if (isOnline()) outbox.syncNow();
        })
        .catch((error: unknown) => setProblem(errorMessage(error)));
    },
    [outbox, outingId, queryClient],
  );

  const change = useCallback(
    (update: (entry: SightingsEntry) => SightingsEntry) => {
      const next = update(latest.current ?? fromServer.current);
      latest.current = next;
      setDraft(next);
      save(changeOf(next));
    },
    [save],
  );

  return { entry: draft ?? fromServer.current, change, problem };
}
