import { createContext, useContext } from 'react';
import type { WriteOutcome } from '../api/writes';

export interface AnnounceOptions {
  /** Once the screen at this path shows, its main heading takes the focus (the screen the user lands on). */
  focusHeadingAt?: string;
}

/** A message about a change, which goes once the change is no longer waiting on this device. */
export interface ChangeAnnouncement {
  text: string;
  /** Kept on this device to be sent later: the message goes once nothing waits to be sent. */
  untilSent: boolean;
}

export interface Feedback {
  /** Says what just happened, politely, in the one place the layout keeps for it. */
  announce(message: string | ChangeAnnouncement, options?: AnnounceOptions): void;
}

export const FeedbackContext = createContext<Feedback | undefined>(undefined);

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback is used outside the layout');
  return feedback;
}

/**
 * "Roe Deer at Home Wood saved", or that it was kept on this device to be sent later (a message that goes once it
 * has been sent).
 */
export function changeMessage(
  record: { species: string; location_name: string },
  change: 'saved' | 'updated' | 'deleted',
  outcome: WriteOutcome,
): ChangeAnnouncement {
  const what = `${record.species} at ${record.location_name} ${change}`;
  return outcome === 'sent'
    ? { text: what, untilSent: false }
    : { text: `${what} on this device; it will be sent when there is a signal`, untilSent: true };
}
