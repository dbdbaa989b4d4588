import { hydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AuthSync } from '@/features/auth/components/auth-sync';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { createQueryClient } from '@/lib/query-client';

const ToastArea = lazy(() => import('./toast-area'));
// Live order updates only concern a signed-in shopper: visitors never download them (or Socket.IO).
const LiveUpdates = lazy(() =>
  import('@/features/notifications/components/live-updates').then((m) => ({ default: m.LiveUpdates })),
);

function SignedInUpdates() {
  const { isSignedIn } = useAuth();
  return isSignedIn ? (
    <Suspense fallback={null}>
      <SignedInUpdates />
    </Suspense>
  ) : null;
}

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
      <SignedInUpdates />
      {children}
      <Suspense fallback={null}>
        <ToastArea />
      </Suspense>
    </QueryClientProvider>
  );
}
