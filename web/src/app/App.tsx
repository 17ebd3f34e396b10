import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConsentProvider } from './ConsentProvider';
import { OutboxProvider } from './offline/OutboxProvider';

interface AppProps {
  queryClient: QueryClient;
  /** The router holding the app's routes: the browser's history in the app, memory in tests. */
  children: ReactNode;
  storage?: Storage;
}

export function App({ queryClient, children, storage }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConsentProvider {...(storage ? { storage } : {})}>
        <OutboxProvider>{children}</OutboxProvider>
      </ConsentProvider>
    </QueryClientProvider>
  );
}
