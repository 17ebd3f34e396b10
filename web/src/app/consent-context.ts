import { createContext } from 'react';

export type ConsentChoice = 'accepted' | 'declined';

export interface ConsentState {
  /** null until the user chooses. */
  consent: ConsentChoice | null;
  analyticsEnabled: boolean;
  accept(): void;
  decline(): void;
}

export const CONSENT_STORAGE_KEY = 'cookie-consent';

export const ConsentContext = createContext<ConsentState | null>(null);
