import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { getStoredUser, signOut } from '@/lib/auth-storage';
import { AuthStateProvider } from '@/lib/auth/use-auth';
import { mockApi, productReply, signInAs } from '@/lib/testing';
import { AuthSync } from './auth-sync';
import { accountCreatedHere, page } from '../follow-account-language';

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

describe('AuthSync and the language the account keeps', () => {
  afterEach(() => {
    document.documentElement.lang = '';
    document.cookie = 'mtumba_lang=; path=/; max-age=0';
    signOut();
    vi.restoreAllMocks();
  });

  /** A page drawn in `pageLanguage`, signed out (or already signed in), whose GET /user says `language`. */
  function renderPage(pageLanguage: 'en' | 'sw', language: string | undefined, signedIn = false) {
    document.documentElement.lang = pageLanguage;
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    if (signedIn) signInAs({ name: 'Wanjiru' });
    const server = mockApi({
      'GET /api/user': () => ({ ...getStoredUser(), email_verified: true, pending_email: null, language }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AuthStateProvider serverDrawn={false}>
          <AuthSync />
        </AuthStateProvider>
      </QueryClientProvider>,
    );
    /** the profile AuthSync read (and acted on) */
    const profileRead = () => waitFor(() => expect(client.getQueryData(['auth', 'user'])).toBeDefined());
    return { reload, server, profileRead };
  }

  it('after a sign-in, keeps the account’s Kiswahili for this browser and draws the page again in it', async () => {
    const { reload } = renderPage('en', 'sw');
    act(() => void signInAs({ name: 'Wanjiru' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(document.cookie).toContain('mtumba_lang=sw');
  });

  it('after a sign-in, keeps the account’s English on a page in Kiswahili', async () => {
    const { reload } = renderPage('sw', 'en');
    act(() => void signInAs({ name: 'Wanjiru' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(document.cookie).toContain('mtumba_lang=en');
  });

  it.each([['sw'], [undefined], ['fr']])(
    'leaves the page alone when the account keeps the page’s language, none or an unknown one (%s)',
    async (language) => {
      const { reload, server, profileRead } = renderPage('sw', language);
      act(() => void signInAs({ name: 'Wanjiru' }));
      await profileRead();
      expect(server.callsTo('GET /api/user').length).toBeGreaterThan(0);
      expect(reload).not.toHaveBeenCalled();
      expect(document.cookie).not.toContain('mtumba_lang');
    },
  );

  it('does not follow the account’s language when a signed-in browser opens a page (the shopper may have switched)', async () => {
    const { reload, server, profileRead } = renderPage('en', 'sw', true);
    await profileRead();
    expect(server.callsTo('GET /api/user')).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();
    expect(document.cookie).not.toContain('mtumba_lang');
  });

  it('on an admin screen (English whatever the choice) keeps the account’s language for the shop without drawing the screen again', async () => {
    window.history.pushState({}, '', '/admin/orders');
    try {
      // chosen Kiswahili, the admin screen in English; the account keeps Kiswahili: nothing to do
      document.documentElement.dataset.chosenLang = 'sw';
      const same = renderPage('en', 'sw');
      act(() => void signInAs({ name: 'Wanjiru' }));
      await same.profileRead();
      expect(same.reload).not.toHaveBeenCalled();
      expect(document.cookie).not.toContain('mtumba_lang');
      cleanup();
      act(() => signOut());

      // the account keeps English: this browser's choice becomes English, the screen is not drawn again
      const other = renderPage('en', 'en');
      act(() => void signInAs({ name: 'Wanjiru' }));
      await waitFor(() => expect(document.cookie).toContain('mtumba_lang=en'));
      expect(other.reload).not.toHaveBeenCalled();
    } finally {
      delete document.documentElement.dataset.chosenLang;
      window.history.pushState({}, '', '/');
    }
  });
});

describe('AuthSync after a registration in this tab', () => {
  afterEach(() => {
    document.documentElement.lang = '';
    document.cookie = 'mtumba_lang=; path=/; max-age=0';
    signOut();
    vi.restoreAllMocks();
  });

  it('keeps the page’s language for the new account, and follows the account again at the next sign-in', async () => {
    document.documentElement.lang = 'sw';
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    // a server that has not stored the new account's language yet
    const server = mockApi({ 'GET /api/user': () => ({ ...getStoredUser(), email_verified: true, language: 'en' }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AuthStateProvider serverDrawn={false}>
          <AuthSync />
        </AuthStateProvider>
      </QueryClientProvider>,
    );
    accountCreatedHere();
    act(() => void signInAs({ name: 'Neema' }));
    await waitFor(() => expect(client.getQueryData(['auth', 'user'])).toBeDefined());
    expect(server.callsTo('GET /api/user').length).toBeGreaterThan(0);
    expect(reload).not.toHaveBeenCalled();

    act(() => signOut());
    act(() => void signInAs({ name: 'Neema' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(document.cookie).toContain('mtumba_lang=en');
  });
});
