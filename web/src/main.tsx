import './schemas-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { meQuery, rememberedSession } from './api/session';
import { watchConnectivity } from './api/connectivity';
import { createQueryClient } from './api/query-client';
import { keepReads, restoreReads } from './api/device-reads';
import { ServiceWorkerUpdates } from './app/pwa/ServiceWorkerUpdates';
import { AppRoutes, prefetchScreenData, preloadScreenAt } from './app/routes';
// The maps' styles come with the app's own rather than with each map's code: a screen that opens with a map then
// needs no style sheet added as it loads, which made the browser work out every style again.
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The app acts on the real state of the signal from its first moment: a page opened with none knows it.
watchConnectivity();
const queryClient = createQueryClient();
// Every screen asks who is signed in: asking now overlaps the answer with the download of the first screen.
void queryClient.prefetchQuery(meQuery());
// The screen's own code downloads beside the rest. The first drawing waits for it, so that it draws the screen itself
// over the page the server sent (for a screen of fixed text, the whole of it) rather than a stand-in. A failed download
// is shown by the screen itself when it asks again.
const screenCode = preloadScreenAt(window.location.pathname).catch(() => undefined);
// What the last user here read, for use with no signal; fresh reads replace it as they arrive.
const lastUser = rememberedSession()?.uid;
if (lastUser !== undefined) await restoreReads(queryClient, lastUser);
keepReads(queryClient, lastUser);
// The screen's own first reads start beside the session check, so the screen draws once, with them. For a visitor who
// turns out not to be signed in the server refuses a signed-in screen's, and the screen is never shown.
prefetchScreenData(queryClient, window.location.pathname, window.location.search);

// Drawn as a transition, so the first drawing of a large screen yields to the browser as it goes. Not awaited here:
// the screen's code imports this very module, so it cannot run until this module has finished.
void screenCode.then(() => {
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </App>
        <ServiceWorkerUpdates />
      </StrictMode>,
    ),
  );
});
