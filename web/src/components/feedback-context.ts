import { createContext, useContext } from 'react';
import type { WriteOutcome } from '../api/writes';

export interface AnnounceOptions {
  /** Once the screen at this path shows, its main heading takes the focus (the screen the user lands on). */
  focusHeadingAt?: string;
}

export interface Feedback {
  /** Says what just happened, politely, in the one place the layout keeps for it. */
  announce(message: string, options?: AnnounceOptions): void;
}

export const FeedbackContext = createContext<Feedback | undefined>(undefined);

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback is used outside the layout');
  return feedback;
}

/** "Roe Deer at Home Wood saved", or that it was kept on this device to be sent later. */
export function changeMessage(
  record: { species: string; location_name: string },
  change: 'saved' | 'updated' | 'deleted',
  outcome: WriteOutcome,
): string {
  const what = `${record.species} at ${record.location_name} ${change}`;
  return outcome === 'sent' ? what : `${what} on this device; it will be sent when there is a signal`;
}
