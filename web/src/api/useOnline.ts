import { useSyncExternalStore } from 'react';
import { isOnline, subscribeConnectivity } from './connectivity';

/**
 * Whether there is a signal: the browser's word, and false too while the app's requests fail or hang (a poor
 * signal, a captive portal) until one gets through again.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}
