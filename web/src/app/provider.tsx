import { hydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { AuthStateProvider, useAuth } from '@/lib/auth/use-auth';
import { createQueryClient } from '@/lib/query-client';
import { ShopperLists, startEmptyGuestLists } from '@/lib/api/shopper-lists';
import { lazyScreen } from './lazy-screen';

const ToastArea = lazy(() => import('./toast-area'));
// Renders nothing and acts on sign-in, sign-out and the first start: it can arrive after the page.
// The server loads it ahead (lazy-screen.ts), so that its string renderer never finds it suspended.
export const AuthSync = lazyScreen(() =>
  import('@/features/auth/components/auth-sync').then((m) => ({ default: m.AuthSync })),
);
// Live order updates only concern a signed-in shopper: visitors never download them (or Socket.IO).
const LiveUpdates = lazy(() =>
  import('@/features/notifications/components/live-updates').then((m) => ({ default: m.LiveUpdates })),
);

function SignedInUpdates() {
  const { isSignedIn } = useAuth();
  return isSignedIn ? (
    <Suspense fallback={null}>
      <LiveUpdates />
    </Suspense>
  ) : null;
}

interface AppProviderProps {
  children: ReactNode;
  /** the data a server-rendered page was made from (src/entry-server.tsx), put in the cache first */
  initialData?: DehydratedState;
  /** the server rendering's own client, already filled */
  client?: QueryClient;
  /** drawn by the server (or hydrating what it drew): the first render is signed out, as the server's */
  serverDrawn?: boolean;
}

/**
 * The toast area (and react-toastify) mounts once the page has loaded and the browser is idle, not
 * during the first render: the server draws none, and the first page's scripts run sooner. A toast
 * raised before then waits in react-toastify's queue (src/lib/toast.ts).
 */
function LateToastArea() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(start, 200);
    return () => window.clearTimeout(timer);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  ) : null;
}

/** App-wide providers: the one QueryClient, the signed-in state and its sync, the shopper's cart and wishlist, and the toast area. */
export function AppProvider({ children, initialData, client, serverDrawn = false }: AppProviderProps) {
  const [queryClient] = useState(() => {
    if (client) return client;
    const created = createQueryClient();
    if (initialData) {
      hydrate(created, initialData);
      startEmptyGuestLists(created);
    }
    return created;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <AuthStateProvider serverDrawn={serverDrawn}>
        <ShopperLists>
          <Suspense fallback={null}>
            <AuthSync />
          </Suspense>
          <SignedInUpdates />
          {children}
          <LateToastArea />
        </ShopperLists>
      </AuthStateProvider>
    </QueryClientProvider>
  );
}
