import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../App';
import { routes } from '../routes/routes';

/** The whole app (real routes, providers and components) at `path`, in memory. */
export function renderApp(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<App queryClient={queryClient} router={router} storage={window.localStorage} />);
  return { ...view, router, queryClient };
}
