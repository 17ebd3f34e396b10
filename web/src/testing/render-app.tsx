import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../App';
import { createRoutes } from '../routes/routes';

type Router = ReturnType<typeof createMemoryRouter>;

/** Resolves once the router has loaded the on-demand screen of its first location, however long that takes. */
function firstScreenLoaded(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The whole app (real routes, providers and components) at `path`, in memory, rendered once the screen
 * for `path` has loaded, so the first render is that screen rather than the router's loading fallback.
 */
export async function renderApp(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  await firstScreenLoaded(router);
  const view = render(<App queryClient={queryClient} router={router} storage={window.localStorage} />);
  return { ...view, router, queryClient };
}
