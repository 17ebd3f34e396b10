import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  type Location,
  type NavigationType,
  type To,
} from 'react-router-dom';
import { MUTATION_DEFAULTS } from '../api/query-client';
import { App } from '../app/App';
import { AppRoutes, preloadScreens } from '../app/routes';

/** What a test reads of the router and how it moves it, as the app's own links and buttons do. */
export interface TestRouter {
  readonly state: { location: Location; historyAction: NavigationType };
  navigate(to: To | number): Promise<void>;
}

/** The router as last rendered: filled in by RouterProbe on each render inside the router. */
interface Probed {
  location?: Location;
  historyAction?: NavigationType;
  navigate?: ReturnType<typeof useNavigate>;
}

function RouterProbe({ probed }: { probed: Probed }) {
  probed.location = useLocation();
  probed.historyAction = useNavigationType();
  probed.navigate = useNavigate();
  return null;
}

/**
 * The whole app (real routes, providers and components) at `path`, in memory. Every screen's code is loaded first,
 * so the first render is the screen for `path` rather than the loading message shown while it downloads, and so is
 * that of any screen the test moves to.
 */
export async function renderApp(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: MUTATION_DEFAULTS },
  });
  await preloadScreens();
  const probe: Probed = {};
  const view = render(
    <App queryClient={queryClient} storage={window.localStorage}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouterProbe probed={probe} />
      </MemoryRouter>
    </App>,
  );
  const router: TestRouter = {
    get state() {
      return { location: probe.location!, historyAction: probe.historyAction! };
    },
    async navigate(to) {
      await act(async () => {
        await (typeof to === 'number' ? probe.navigate!(to) : probe.navigate!(to));
      });
    },
  };
  return { ...view, router, queryClient };
}
