import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInDialogProvider } from '@/features/auth/components/sign-in-dialog-provider';
import { mockApi, renderWithProviders } from '@/lib/testing';
import ProductsRoute from './products';

afterEach(() => vi.unstubAllGlobals());

const item = (id: number) => ({
  id,
  name: `Item ${id}`,
  description: '',
  price: 100 * id,
  stock_quantity: 1,
  image_url: null,
  images: [],
});

describe('products list', () => {
  it('reads page, sort and filters from the URL, pages with X-Total-Count, and keeps changes in the URL', async () => {
    const api = mockApi({
      'GET /api/categories': [{ id: 3, name: 'Shoes' }],
      'GET /api/products': ({ url }: { url: URL }) => ({
        body: [item(Number(url.searchParams.get('page') ?? 1))],
        headers: { 'X-Total-Count': '45' },
      }),
    });
    const { router } = renderWithProviders(<ProductsRoute />, {
      path: '/products/category/3?page=2&brand=Bata',
      route: '/products/category/:categoryId',
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'SHOES' })).toBeInTheDocument();
    expect(await screen.findByText('Item 2')).toBeInTheDocument();
    const first = api.callsTo('GET /api/products')[0].url.searchParams;
    expect(Object.fromEntries(first)).toEqual({
      page: '2',
      per_page: '20',
      sort: 'newest',
      category: '3',
      brand: 'Bata',
    });
    // 45 products at 20 a page: 3 pages.
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/products/category/3?page=3&brand=Bata',
    );
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: Low to High');
    await waitFor(() => expect(router.state.location.search).toBe('?brand=Bata&sort=price_asc'));
    await waitFor(() =>
      expect(api.callsTo('GET /api/products').at(-1)?.url.searchParams.get('sort')).toBe('price_asc'),
    );
    expect(api.callsTo('GET /api/products').at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('shows 12 skeleton cards while loading', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderWithProviders(<ProductsRoute />, { path: '/products' });
    expect(screen.getByRole('status', { name: 'Loading products' }).querySelectorAll('.product-card')).toHaveLength(12);
  });

  it('keeps a visitor’s cart and wishlist in the browser, with no sign-in box and no account call', async () => {
    const api = mockApi({
      'GET /api/config': { google_enabled: false },
      'GET /api/categories': [],
      'GET /api/products': { body: [item(1)], headers: { 'X-Total-Count': '1' } },
      'GET /api/products/1': item(1),
    });
    renderWithProviders(
      <SignInDialogProvider>
        <ProductsRoute />
      </SignInDialogProvider>,
      { path: '/products' },
    );
    const card = await screen.findByRole('article', { name: 'Item 1' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Add to Wishlist' }));
    // the card's buttons wait while one of its calls is in flight, as a shopper's second tap would
    await waitFor(() => expect(JSON.parse(localStorage.getItem('guest_wishlist') ?? '[]')).toHaveLength(1));
    await waitFor(() => expect(within(card).getByRole('button', { name: /Add to Cart/ })).toBeEnabled());
    await user.click(within(card).getByRole('button', { name: /Add to Cart/ }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('guest_cart') ?? '[]')).toHaveLength(1));
    expect(JSON.parse(localStorage.getItem('guest_cart')!)[0]).toMatchObject({ product_id: 1, quantity: 1 });
    expect(JSON.parse(localStorage.getItem('guest_wishlist') ?? '[]')[0]).toMatchObject({ product_id: 1 });
    expect(screen.queryByRole('tab', { name: 'Login' })).toBeNull();
    expect(api.callsTo('POST /api/wishlist')).toHaveLength(0);
    expect(api.callsTo('POST /api/cart/add')).toHaveLength(0);
  });
});
