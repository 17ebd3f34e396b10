import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { backoffDelay, type BackoffOptions } from '@cull-log/contracts';
import { isOnline, subscribeConnectivity } from '../../api/connectivity';
import { queryKeys, refreshAfter } from '../../api/keys';
import { sendCommand } from '../../api/commands';
import { useSession } from '../../api/useSession';
import { applyPending } from '../../api/outbox/pending-merge';
import { openOutbox, type Outbox, type OutboxCommand, type OutboxItem } from '../../api/outbox/outbox';
import { OutboxContext } from '../../api/outbox/outbox-context';
import { SyncStatusContext, type SyncState } from '../../api/outbox/sync-status';
import { queueCommand, syncOutbox } from '../../api/outbox/sync';

/** Waits between runs that could not send everything: from five seconds up to two minutes. */
const RUN_BACKOFF: BackoffOptions = { initialMs: 5_000, maxMs: 120_000 };

let sharedOutbox: Outbox | undefined;
const defaultOutbox = () => (sharedOutbox ??= openOutbox());

/**
 * Keeps the signed-in user's queued changes, sends them when the app starts, comes back online, becomes visible
 * or is asked to, and tells every screen each record's sync state.
 */
export function OutboxProvider({
  children,
  outbox = defaultOutbox(),
}: {
  children: ReactNode;
  outbox?: Outbox;
}) {
  const queryClient = useQueryClient();
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.uid : undefined;
  const [items, setItems] = useState<readonly OutboxItem[]>([]);
  const [syncing, setSyncing] = useState(false);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const running = useRef<Promise<void> | undefined>(undefined);
  const again = useRef(false);
  // Stops a run when its user signs out or another signs in (or the app closes): a run waiting to try again must
  // never send one user's changes under the next one's session.
  const stopRun = useRef<AbortController | undefined>(undefined);

  useEffect(() => {
    // A read finishing after the user changed or the app closed must not land.
    let current = true;
    const reload = async () => {
      const queued = userId === undefined ? [] : await outbox.list(userId);
      // Nothing queued stays the same empty list, so the screens using the outbox are not drawn again for nothing.
      if (current) setItems((items) => (items.length === 0 && queued.length === 0 ? items : queued));
    };
    void reload();
    const unsubscribe = outbox.subscribe(() => void reload());
    return () => {
      current = false;
      unsubscribe();
    };
  }, [outbox, userId]);

  // Waiting changes show at once in every list, record and map, and again over each fresh read.
  useEffect(() => {
    applyPending(queryClient, items);
    if (items.length === 0) return;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
      const endpoint = event.query.queryKey[0];
      if (endpoint !== queryKeys.culls[0] && endpoint !== queryKeys.outings[0]) return;
      applyPending(queryClient, items);
    });
  }, [queryClient, items]);

  // A run that could not send everything (no signal, the server failing) is tried again by itself, waiting longer
  // each time, besides whenever the signal comes back.
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const failedRuns = useRef(0);

  const syncNow = useCallback(() => {
    if (userId === undefined) return;
    clearTimeout(retryTimer.current);
    retryTimer.current = undefined;
    if (running.current) {
      again.current = true;
      return;
    }
    // "Syncing" shows while a change is being sent, not for a look that finds nothing to send: every screen that
    // writes uses the outbox, and would be drawn twice over at each start for it.
    // A count sent moves its ground's counts and density besides what a record moves.
    let sentCount = false;
    const send: typeof sendCommand = async (command) => {
      setSyncing(true);
      await sendCommand(command);
      if (command.kind === 'record-count') sentCount = true;
    };
    const controller = new AbortController();
    stopRun.current = controller;
    const run = async () => {
      let stopped = false;
      try {
        do {
          again.current = false;
          // Each run gives up for now after a few tries with no network; the next trigger starts again.
          const result = await syncOutbox(outbox, userId, send, { maxTries: 4, signal: controller.signal });
          if (controller.signal.aborted) return;
          stopped = result.outcome === 'stopped';
          setNeedsSignIn(result.outcome === 'signed_out');
          if (result.sent > 0) await refreshAfter(queryClient, 'cull');
          if (sentCount) await refreshAfter(queryClient, 'count');
          sentCount = false;
        } while (again.current);
      } catch (error) {
        stopped = true;
        console.error('Sending queued changes failed', error);
      } finally {
        // A stopped run's end is not the next user's: their run may have started since.
        if (stopRun.current === controller) {
          running.current = undefined;
          setSyncing(false);
        }
      }
      if (controller.signal.aborted) return;
      if (!stopped) {
        failedRuns.current = 0;
        return;
      }
      failedRuns.current++;
      // With no signal by then, the signal's return starts the next run instead.
      retryTimer.current = setTimeout(
        () => {
          if (isOnline()) syncNow();
        },
        backoffDelay(failedRuns.current, RUN_BACKOFF),
      );
    };
    running.current = run();
  }, [outbox, queryClient, userId]);

  useEffect(() => {
    if (userId === undefined) return;
    const syncIfOnline = () => {
      if (isOnline()) syncNow();
    };
    syncIfOnline();
    const onVisible = () => {
      if (document.visibilityState === 'visible') syncIfOnline();
    };
    // The signal coming back: the browser's word, or a request (or the probe) getting through after a poor signal.
    const unsubscribe = subscribeConnectivity(syncIfOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
      clearTimeout(retryTimer.current);
      stopRun.current?.abort();
      stopRun.current = undefined;
      running.current = undefined;
    };
  }, [syncNow, userId]);

  const queue = useCallback(
    async (command: OutboxCommand) => {
      if (userId === undefined) return false;
      await queueCommand(outbox, userId, command);
      return true;
    },
    [outbox, userId],
  );

  const states = useMemo(() => {
    const byRecord = new Map<string, SyncState>();
    for (const item of items) {
      const current = byRecord.get(item.command.recordId);
      // A change that needs the user's attention shows over one merely waiting.
      if (current === undefined || current === 'waiting') byRecord.set(item.command.recordId, item.state);
    }
    return byRecord;
  }, [items]);

  const value = useMemo(
    () => ({ outbox, items, queue, syncNow, syncing, needsSignIn }),
    [outbox, items, queue, syncNow, syncing, needsSignIn],
  );

  return (
    <OutboxContext.Provider value={value}>
      <SyncStatusContext.Provider value={states}>{children}</SyncStatusContext.Provider>
    </OutboxContext.Provider>
  );
}
