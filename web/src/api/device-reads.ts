import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { clear, delMany, get, keys, set } from 'idb-keyval';
import { forgetUsersStored } from '../lib/stored';
import { queryKeys } from './keys';

/**
 * The user's records and figures as last read, kept in this device's IndexedDB (one entry per user) so the
 * app shows them with no signal. Never another user's: restored only for the user last confirmed here, and wiped, with
 * everything else the device keeps for a user, when the server names someone else, when it says nobody is signed in
 * (the session ended elsewhere, or was revoked), and on sign-out.
 */
const FORMAT = 1;
const KEEP_FOR_MS = 30 * 24 * 60 * 60_000;
const SAVE_AFTER_MS = 1_000;
// Grounds and outings too: a cull recorded offline during an outing still offers the grounds and names the outing.
const KEPT_ROOTS = new Set<string>([
  queryKeys.culls[0],
  queryKeys.stats[0],
  queryKeys.grounds[0],
  queryKeys.outings[0],
]);

interface SavedReads {
  format: number;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

const keyFor = (userId: string) => `cull-log:reads:${userId}`;

const isKept = (queryKey: readonly unknown[]) => KEPT_ROOTS.has(String(queryKey[0]));

/** Puts what this user last read back into the cache; their data as of then, marked with when it was read. */
export async function restoreReads(queryClient: QueryClient, userId: string): Promise<void> {
  try {
    const saved = await get<SavedReads>(keyFor(userId));
    if (saved?.format !== FORMAT || Date.now() - saved.savedAt > KEEP_FOR_MS) return;
    hydrate(queryClient, saved.state);
    // Shown at once, but never taken as fresh: with a signal, each screen reads its data again.
    await queryClient.invalidateQueries({
      predicate: (query) => isKept(query.queryKey),
      refetchType: 'none',
    });
  } catch (error) {
    // Storage unavailable (private browsing): the app works online as before.
    console.warn('Reads kept on this device could not be restored', error);
  }
}

/**
 * Saves the user's reads a second after they change, and forgets another user's the moment the server names a
 * different user than the one they were restored for.
 */
export function keepReads(queryClient: QueryClient, restoredFor: string | undefined): () => void {
  let owner = restoredFor;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = (userId: string) => {
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && isKept(query.queryKey),
    });
    set(keyFor(userId), { format: FORMAT, savedAt: Date.now(), state } satisfies SavedReads).catch(
      (error: unknown) => console.warn('Reads could not be kept on this device', error),
    );
  };
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const { queryKey } = event.query;
    if (queryKey[0] === queryKeys.me[0]) {
      const userId = (event.query.state.data as { uid?: string } | null | undefined)?.uid;
      if (userId !== owner) {
        // Another user's reads go. With none of anyone's kept yet (a device's first visit), what is in memory was
        // read from the server with this very session, beside the session check, and stays.
        if (owner !== undefined) queryClient.removeQueries({ predicate: (query) => isKept(query.queryKey) });
        clearTimeout(timer);
        owner = userId;
        // Only the server's own answer gets here (no signal keeps the last user): what the device kept for anyone
        // but the user it names goes too.
        void forgetOthers(userId);
      }
      return;
    }
    if (owner === undefined || !isKept(queryKey)) return;
    // Saved only while the server has confirmed this very user, never on a guess.
    if (queryClient.getQueryData<{ uid: string } | null>(queryKeys.me)?.uid !== owner) return;
    const userId = owner;
    clearTimeout(timer);
    timer = setTimeout(() => save(userId), SAVE_AFTER_MS);
  });
}

const READS_KEY = /^cull-log:reads:/;

/**
 * Wipes what this device keeps for every user but `keep` (for everyone when nobody is signed in): their reads and
 * their remembered places, team and import mappings. Their drafts and unsent records stay: those are what they typed,
 * kept under their own name, shown to nobody else, and sent only when they sign in again.
 */
export async function forgetOthers(keep: string | undefined): Promise<void> {
  forgetUsersStored(keep);
  try {
    const kept = (await keys()).filter((key) => READS_KEY.test(String(key)));
    await delMany(kept.filter((key) => keep === undefined || key !== keyFor(keep)));
  } catch (error) {
    console.warn('Reads kept on this device could not be wiped', error);
  }
}

/** Wipes every user's kept reads from this device (on sign-out). */
export async function forgetReads(): Promise<void> {
  try {
    await clear();
  } catch (error) {
    // Nothing could have been kept where storage is unavailable; sign-out goes on.
    console.warn('Reads kept on this device could not be wiped', error);
  }
}
