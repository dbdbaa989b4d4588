import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { signOut } from '@/lib/auth-storage';
import { AuthStateProvider } from '@/lib/auth/use-auth';
import { mockApi, productReply, signInAs } from '@/lib/testing';
import { AuthSync } from './auth-sync';

afterEach(() => vi.unstubAllGlobals());

/** A page with the catalogue's list (public) and the wishlist (personal) on screen. */
function Page() {
  useQuery({ queryKey: ['catalog', 'products'], queryFn: () => api.get('/products') });
  useQuery({ queryKey: ['wishlist'], queryFn: () => api.get('/wishlist') });
  return null;
}

/** A server-drawn page hydrating for a signed-in shopper, its data already in the cache. */
function hydrateSignedIn() {
  const user = signInAs({ name: 'Akinyi' });
  const server = mockApi({
    'GET /api/user': { ...user, email_verified: true, pending_email: null },
    'GET /api/products': [productReply()],
    'GET /api/wishlist': [],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(['catalog', 'products'], [productReply()]);
  client.setQueryData(['wishlist'], []);
  render(
    <QueryClientProvider client={client}>
      <AuthStateProvider serverDrawn>
        <AuthSync />
        <Page />
      </AuthStateProvider>
    </QueryClientProvider>,
  );
  return server;
}

describe('AuthSync on a page the server drew', () => {
  it('asks again for what is personal once it learns the stored sign-in, but not the public list it was drawn from', async () => {
    const server = hydrateSignedIn();
    await waitFor(() => expect(server.callsTo('GET /api/wishlist')).toHaveLength(1));
    await waitFor(() => expect(server.callsTo('GET /api/user')).toHaveLength(1));
    expect(server.callsTo('GET /api/products')).toHaveLength(0);
  });

  it('asks again for everything after a real sign-in later on', async () => {
    const server = hydrateSignedIn();
    await waitFor(() => expect(server.callsTo('GET /api/wishlist')).toHaveLength(1));

    act(() => signOut());
    act(() => void signInAs({ name: 'Baraka' }));
    await waitFor(() => expect(server.callsTo('GET /api/products')).toHaveLength(1));
  });
});
