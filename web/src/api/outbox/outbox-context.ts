import { createContext, useContext } from 'react';
import type { Outbox, OutboxCommand, OutboxItem } from './outbox';

export interface OutboxValue {
  outbox: Outbox;
  /** The signed-in user's queued changes, oldest first. */
  items: readonly OutboxItem[];
  /** Queues a change for the signed-in user; false when nobody is signed in. */
  queue(command: OutboxCommand): Promise<boolean>;
  syncNow(): void;
  syncing: boolean;
  /** The session ended while changes waited: they are sent once this user signs in again. */
  needsSignIn: boolean;
}

export const OutboxContext = createContext<OutboxValue | undefined>(undefined);

/** The outbox, when the app has one (screens rendered alone in tests have none and write directly). */
export function useOutbox(): OutboxValue | undefined {
  return useContext(OutboxContext);
}
