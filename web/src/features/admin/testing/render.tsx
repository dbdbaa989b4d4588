import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { signIn } from '@/lib/auth-storage';

/** Renders `ui` at `route` (matched by `path`) with a fresh QueryClient; other paths show "Home page". */
export function renderScreen(ui: ReactElement, { route = '/', path = '/' }: { route?: string; path?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p>Home page</p> },
    ],
    { initialEntries: [route] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}

export function signInAsAdmin(): void {
  signIn('admin-token', { id: 1, name: 'Wanjiru', email: 'admin@mtumba.test', is_admin: true });
}
