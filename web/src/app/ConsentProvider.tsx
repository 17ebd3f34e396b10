import { useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  CONSENT_STORAGE_KEY,
  ConsentContext,
  type ConsentChoice,
  type ConsentState,
} from './consent-context';

function readStoredConsent(storage: Storage | undefined): ConsentChoice | null {
  try {
    const stored = storage?.getItem(CONSENT_STORAGE_KEY);
    return stored === 'accepted' || stored === 'declined' ? stored : null;
  } catch {
    // Storage can be blocked (private modes, strict settings): then the choice lasts for this visit only.
    return null;
  }
}

function storeConsent(storage: Storage | undefined, choice: ConsentChoice): void {
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, choice);
  } catch {
    // As above: the choice still applies to this visit.
  }
}

interface ConsentProviderProps {
  children: ReactNode;
  storage?: Storage;
  onAccept?: () => void;
  onDecline?: () => void;
}

/** Holds the cookie choice, stored locally; analytics run only once the user has accepted. */
export function ConsentProvider({ children, storage, onAccept, onDecline }: ConsentProviderProps) {
  const store = storage ?? (typeof window === 'undefined' ? undefined : window.localStorage);
  const [consent, setConsent] = useState<ConsentChoice | null>(() => readStoredConsent(store));

  const choose = useCallback(
    (choice: ConsentChoice) => {
      storeConsent(store, choice);
      setConsent(choice);
      if (choice === 'accepted') onAccept?.();
      else onDecline?.();
    },
    [store, onAccept, onDecline],
  );

  const value = useMemo<ConsentState>(
    () => ({
      consent,
      analyticsEnabled: consent === 'accepted',
      accept: () => choose('accepted'),
      decline: () => choose('declined'),
    }),
    [consent, choose],
  );

  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}
