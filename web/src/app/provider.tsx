import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AuthSync } from '@/features/auth/components/auth-sync';
import { createQueryClient } from '@/lib/query-client';

const ToastArea = lazy(() => import('./toast-area'));

/** App-wide providers: the one QueryClient, the signed-in state sync, and the toast area. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthSync />
      {children}
      <Suspense fallback={null}>
        <ToastArea />
      </Suspense>
    </QueryClientProvider>
  );
}
