import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AuthSync } from '@/features/auth/components/auth-sync';
import { LiveUpdates } from '@/features/notifications/components/live-updates';
import { createQueryClient } from '@/lib/query-client';

const ToastArea = lazy(() => import('./toast-area'));

/** App-wide providers: the one QueryClient, the signed-in state sync, and the toast area. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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
