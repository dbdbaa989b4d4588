import { hydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AuthSync } from '@/features/auth/components/auth-sync';
import { LiveUpdates } from '@/features/notifications/components/live-updates';
import { createQueryClient } from '@/lib/query-client';

const ToastArea = lazy(() => import('./toast-area'));

interface AppProviderProps {
  children: ReactNode;
  /** the data a server-rendered page was made from (src/entry-server.tsx), put in the cache first */
  initialData?: DehydratedState;
  /** the server rendering's own client, already filled */
  client?: QueryClient;
}

/** App-wide providers: the one QueryClient, the signed-in state sync, and the toast area. */
export function AppProvider({ children, initialData, client }: AppProviderProps) {
  const [queryClient] = useState(() => {
    if (client) return client;
    const created = createQueryClient();
    if (initialData) hydrate(created, initialData);
    return created;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <AuthSync />
      <LiveUpdates />
      {children}
      <Suspense fallback={null}>
        <ToastArea />
      </Suspense>
    </QueryClientProvider>
  );
}
