import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/lib/testing';
import { AppLayout } from './layout';

afterEach(() => vi.restoreAllMocks());

describe('AppLayout', () => {
  it('leaves the first page where the shopper scrolled it, and starts the next page at the top', async () => {
    mockApi({ 'GET /api/config': { google_enabled: false, google_client_id: null }, 'GET /api/categories': [] });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderWithProviders(<p>The list</p>, {
      layout: <AppLayout />,
      path: '/products',
      routes: [{ path: '/products/2', element: <p>The next page</p> }],
    });
    expect(await screen.findByText('The list')).toBeInTheDocument();
    // a shopper on a slow phone scrolled the server's page before the app took it over
    expect(scrollTo).not.toHaveBeenCalled();

    await router.navigate('/products/2');
    expect(await screen.findByText('The next page')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
