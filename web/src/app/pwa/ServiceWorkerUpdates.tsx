import { useRegisterSW } from 'virtual:pwa-register/react';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * Installs the service worker that keeps the app shell and map tiles for use without signal, and offers a new
 * version when one is waiting.
 */
export function ServiceWorkerUpdates() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: (error: unknown) => console.error('The offline app could not be installed', error),
  });
  return needRefresh ? <UpdatePrompt onReload={() => void updateServiceWorker(true)} /> : null;
}
