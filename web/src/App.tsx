import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { ConsentProvider } from './components/ConsentProvider';
import { OutboxProvider } from './offline/OutboxProvider';

interface AppProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
  storage?: Storage;
}

export function App({ queryClient, router, storage }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConsentProvider {...(storage ? { storage } : {})}>
        <OutboxProvider>
          <RouterProvider router={router} />
        </OutboxProvider>
      </ConsentProvider>
    </QueryClientProvider>
  );
}
