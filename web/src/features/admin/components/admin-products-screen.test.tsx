import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { categories, product } from '../testing/fixtures';
import { FakeXhr, stubFetch, stubObjectUrls } from '../testing/fake-api';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { AdminProductsScreen } from './admin-products-screen';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

beforeEach(() => {
  signInAsAdmin();
  FakeXhr.install();
  stubObjectUrls();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const products = [
  product(),
  product({
    id: 11,
    name: 'Silk scarf',
    price: 249.5,
    stock_quantity: 0,
    image_url: null,
    images: [],
    categories: [],
    is_featured: false,
    is_trending: true,
  }),
];

function api(overrides: Record<string, Parameters<typeof stubFetch>[0][string]> = {}) {
  return stubFetch({
    'GET /api/categories': { body: categories },
    'GET /api/admin/products': { body: products, headers: { 'X-Total-Count': '45' } },
    ...overrides,
  });
}

function renderProducts(route = '/admin/products') {
  const onCatalogChanged = vi.fn();
  const view = renderScreen(<AdminProductsScreen onCatalogChanged={onCatalogChanged} />, {
    route,
    path: '/admin/products',
  });
  return { ...view, onCatalogChanged };
}

describe('admin products', () => {
  it('lists products with thumbnail, price in Ksh (never dollars), stock, categories and flags', async () => {
    api();
    renderProducts();
    const table = await screen.findByRole('table', { name: /45 products, page 1 of 3/ });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', 'Ksh 1,500', '1', 'Jackets', '✓ Featured', '—No', 'EditDelete']);
    expect(first.querySelector('img')).toHaveAttribute('width', '50');
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Denim jacket');
    expect(second).toHaveTextContent('Ksh 249.50');
    expect(second).toHaveTextContent('Sold out');
    expect(second).toHaveTextContent('✓ Trending');
    expect(table).not.toHaveTextContent('$');
  });

  it('asks the admin list (drafts included) for 20 per page, searches and pages', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderProducts();
    await screen.findByRole('table');
    const listCalls = () => calls.filter((c) => c.url.pathname === '/api/admin/products');
    expect(Object.fromEntries(listCalls()[0].url.searchParams)).toEqual({ page: '1', per_page: '20' });

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'denim{Enter}');
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('q')).toBe('denim'));

    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('page')).toBe('2'));
    expect(listCalls().at(-1)?.url.searchParams.get('q')).toBe('denim');
  });

  it("says 'Failed to load data' when the products cannot be loaded", async () => {
    api({ 'GET /api/admin/products': { status: 500, body: { message: 'Something went wrong on our side.' } } });
    renderProducts();
    expect(await screen.findByText('Failed to load data')).toBeInTheDocument();
  });

  it('deletes a product only after confirmation', async () => {
    const user = userEvent.setup();
    const { calls, onCatalogChanged } = {
      ...api({ 'DELETE /api/products/10': { body: { message: 'Product deleted.' } } }),
      ...renderProducts(),
    };
    await user.click(await screen.findByRole('button', { name: 'Delete Denim jacket' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete product?' });
    expect(dialog).toHaveTextContent('Delete “Denim jacket”?');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Denim jacket' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('“Denim jacket” deleted.'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual(['/api/products/10']);
    expect(onCatalogChanged).toHaveBeenCalled();
  });

  it("says 'Delete failed' when the server refuses", async () => {
    const user = userEvent.setup();
    api({ 'DELETE /api/products/10': { status: 404, body: { message: 'Product not found.' } } });
    renderProducts();
    await user.click(await screen.findByRole('button', { name: 'Delete Denim jacket' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Delete failed: Product not found.'));
  });

  it('opens the Edit Product modal filled in, and the New Product modal empty', async () => {
    const user = userEvent.setup();
    api();
    renderProducts();
    await user.click(await screen.findByRole('button', { name: 'Edit Denim jacket' }));
    expect(screen.getByRole('dialog', { name: 'Edit Product: Denim jacket' })).toBeInTheDocument();
    expect(screen.getByLabelText('Brand')).toHaveValue("Levi's");
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'New Product' }));
    expect(screen.getByRole('dialog', { name: 'New Product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Dresses')).not.toBeChecked();
  });
});
