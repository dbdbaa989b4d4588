import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@mtumba/contract/product';
import { mockApi, productReply, renderWithProviders, signInAs } from '@/lib/testing';
import type { WishlistEntry } from '@/lib/api/get-wishlist';
import { WishlistView } from './wishlist-view';

afterEach(() => vi.unstubAllGlobals());

const entry = (id: number, over: Partial<Product>): WishlistEntry => ({
  id,
  product_id: id * 10,
  product: productReply({ id: id * 10, ...over }),
});

const entries = [
  entry(1, { name: 'Denim jacket', categories: [{ id: 1, name: 'Jackets' }], average_rating: 4.5, review_count: 2 }),
  entry(2, { name: 'Plain tee', categories: [] }),
  entry(3, { name: 'Kitenge dress', categories: [{ id: 2, name: 'Dresses' }], stock_quantity: 0 }),
];

function setup(api: Parameters<typeof mockApi>[0] = {}) {
  signInAs();
  let list = [...entries];
  const server = mockApi({
    'GET /api/wishlist': () => list,
    'DELETE /api/wishlist/1': () => {
      list = list.filter((e) => e.id !== 1);
      return { message: 'Removed from wishlist' };
    },
    ...api,
  });
  renderWithProviders(<WishlistView />);
  return { server, user: userEvent.setup() };
}

const groupNames = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('WishlistView', () => {
  it('groups by category with Uncategorized last, and shows ratings or No reviews', async () => {
    setup();
    expect(await screen.findByText('Denim jacket')).toBeInTheDocument();
    expect(groupNames()).toEqual(['Dresses', 'Jackets', 'Uncategorized']);
    const jacket = screen.getByRole('article', { name: 'Denim jacket' });
    expect(within(jacket).getByText('4.5 (2 reviews)')).toBeInTheDocument();
    expect(within(jacket).getByText('Ksh 1,000')).toBeInTheDocument();
    expect(within(jacket).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/products/10');
    expect(within(screen.getByRole('article', { name: 'Plain tee' })).getByText('No reviews')).toBeInTheDocument();
  });

  it('searches by name', async () => {
    const { user } = setup();
    await screen.findByText('Denim jacket');
    await user.type(screen.getByRole('searchbox', { name: 'Search your wishlist' }), 'denim');
    await waitFor(() => expect(groupNames()).toEqual(['Jackets']));
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(await screen.findByText('No wishlist items match “zzz”.')).toBeInTheDocument();
  });

  it('opens the Out of Stock modal for a sold item without calling the server', async () => {
    const { server, user } = setup({ 'POST /api/cart/add': {} });
    const dress = await screen.findByRole('article', { name: 'Kitenge dress' });
    await user.click(within(dress).getByRole('button', { name: 'Move to Cart' }));
    expect(await screen.findByRole('dialog', { name: 'Out of Stock' })).toHaveTextContent('Kitenge dress');
    expect(server.callsTo('POST /api/cart/add')).toHaveLength(0);
  });

  it('moves an item to the cart and off the wishlist, firing both events', async () => {
    const cartUpdated = vi.fn();
    const wishlistUpdated = vi.fn();
    window.addEventListener('cartUpdated', cartUpdated);
    window.addEventListener('wishlistUpdated', wishlistUpdated);
    const { server, user } = setup({ 'POST /api/cart/add': { status: 201, body: { message: 'Added to cart' } } });
    const jacket = await screen.findByRole('article', { name: 'Denim jacket' });
    await user.click(within(jacket).getByRole('button', { name: 'Move to Cart' }));

    expect(await screen.findByText('Moved to cart')).toBeInTheDocument();
    expect(server.callsTo('POST /api/cart/add')[0].body).toEqual({ product_id: 10, quantity: 1 });
    await waitFor(() => expect(server.callsTo('DELETE /api/wishlist/1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Denim jacket' })).toBeNull());
    expect(cartUpdated).toHaveBeenCalled();
    await waitFor(() => expect(wishlistUpdated).toHaveBeenCalled());
    window.removeEventListener('cartUpdated', cartUpdated);
    window.removeEventListener('wishlistUpdated', wishlistUpdated);
  });

  it('removes an item, or says it could not', async () => {
    const { user } = setup({ 'DELETE /api/wishlist/2': { status: 500, body: {} } });
    await user.click(
      within(await screen.findByRole('article', { name: 'Denim jacket' })).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('Removed from wishlist')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('article', { name: 'Plain tee' })).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('Could not remove')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Plain tee' })).toBeInTheDocument();
  });

  it('says when the wishlist is empty', async () => {
    setup({ 'GET /api/wishlist': [] });
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
  });
});
