import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@mtumba/contract/product';
import { mockApi, productReply, renderWithProviders } from '@/lib/testing';
import { FeaturedProducts } from './featured-products';
import { TrendingProducts } from './trending-products';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const product = (id: number): Product => productReply({ id, name: `Item ${id}`, price: 100 * id });

describe('home shelves', () => {
  it('Featured Products: 8 skeletons, then the first 8 featured products and View All Products', async () => {
    const server = mockApi({ 'GET /api/products': Array.from({ length: 10 }, (_, i) => product(i + 1)) });
    renderWithProviders(<FeaturedProducts />);
    expect(screen.getByRole('status', { name: 'Loading featured products' }).children).toHaveLength(8);

    const grid = await screen.findByRole('list', { name: 'Featured products' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/products');
    const query = server.callsTo('GET /api/products')[0].url.searchParams;
    expect(query.get('featured')).toBe('true');
    expect(query.get('per_page')).toBe('8');
  });

  it('Featured Products: a failed fetch is logged and shows the empty shelf', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/products': { status: 500, body: {} } });
    renderWithProviders(<FeaturedProducts />);
    expect(await screen.findByText(/New pieces are on their way/)).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });

  it('Trending Products: 4 skeletons, then cards badged Hot Deal only when reduced, else Trending; hidden when there are none', async () => {
    mockApi({ 'GET /api/products/trending': [{ ...product(1), compare_at_price: 9999 }, product(2)] });
    const first = renderWithProviders(<TrendingProducts />);
    expect(screen.getByRole('status', { name: 'Loading trending products' }).children).toHaveLength(4);
    const grid = await screen.findByRole('list', { name: 'Trending products' });
    expect(within(grid).getAllByText('Hot Deal')).toHaveLength(1);
    expect(within(grid).getAllByText('Trending')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'View More Products' })).toHaveAttribute('href', '/products');
    first.unmount();

    mockApi({ 'GET /api/products/trending': { not: 'a list' } });
    renderWithProviders(<TrendingProducts />);
    await vi.waitFor(() => expect(screen.queryByRole('status', { name: 'Loading trending products' })).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Trending Products' })).toBeNull();
  });
});
