import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@mtumba/contract/product';
import { imageReply, mockApi, productReply, renderWithProviders, signInAs } from '@/lib/testing';
import { ProductGrid } from './product-grid';

afterEach(() => vi.unstubAllGlobals());

const product = (over: Partial<Product>): Product =>
  productReply({
    id: 1,
    name: 'Denim jacket',
    description: 'Blue, barely worn',
    price: 1500,
    image_url: '/uploads/a-640.webp',
    images: [imageReply(11, '/uploads/a-640.webp', '/uploads/a-320.webp 320w, /uploads/a-640.webp 640w')],
    ...over,
  });

const products = [
  product({ id: 1, name: 'Denim jacket', price: 1500, size: 'M', condition: 'good', brand: 'Levi’s' }),
  product({ id: 2, name: 'Kitenge dress', price: 1234.5, stock_quantity: 0, images: [], image_url: null }),
  product({ id: 3, name: 'Leather boots', price: 2999 }),
];

function setup(api: Parameters<typeof mockApi>[0] = {}) {
  const server = mockApi({ 'GET /api/wishlist': [], 'GET /api/cart': { cart_items: [] }, ...api });
  renderWithProviders(<ProductGrid products={products} priorityFirst />);
  const card = (name: string) => screen.getByRole('article', { name });
  return { server, card, user: userEvent.setup() };
}

describe('ProductGrid', () => {
  it('shows prices in Ksh, never with a dollar sign, and SOLD on items without stock', () => {
    const { card } = setup();
    expect(within(card('Denim jacket')).getByText('Ksh 1,500')).toBeInTheDocument();
    expect(within(card('Kitenge dress')).getByText(/Ksh 1,234\.50/)).toBeInTheDocument();
    expect(within(card('Leather boots')).getByText('Ksh 2,999')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('$');
    expect(within(card('Kitenge dress')).getByText('SOLD')).toBeInTheDocument();
    expect(within(card('Denim jacket')).queryByText('SOLD')).toBeNull();
  });

  it('uses the responsive image set, loading only the first image eagerly', () => {
    const { card } = setup();
    const first = within(card('Denim jacket')).getByRole('img', { hidden: true, name: 'Denim jacket' });
    expect(first).toHaveAttribute('srcset', '/uploads/a-320.webp 320w, /uploads/a-640.webp 640w');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    const third = within(card('Leather boots')).getByRole('img', { hidden: true, name: 'Leather boots' });
    expect(third).toHaveAttribute('loading', 'lazy');
  });

  it('swaps to the second photo while the mouse is over the card', () => {
    const twoPhotos = product({
      id: 8,
      name: 'Wool coat',
      images: [imageReply(1, '/uploads/front-640.webp'), imageReply(2, '/uploads/back-640.webp')],
    });
    mockApi({});
    renderWithProviders(<ProductGrid products={[twoPhotos]} />);
    const card = screen.getByRole('article', { name: 'Wool coat' });
    const photo = () => within(card).getByRole('img', { hidden: true, name: 'Wool coat' });
    expect(photo()).toHaveAttribute('src', '/uploads/front-640.webp');
    fireEvent.pointerEnter(card, { pointerType: 'mouse' });
    expect(photo()).toHaveAttribute('src', '/uploads/back-640.webp');
    fireEvent.pointerLeave(card, { pointerType: 'mouse' });
    expect(photo()).toHaveAttribute('src', '/uploads/front-640.webp');
  });

  it('shows a sold item greyed and marked SOLD, with no cart action', () => {
    signInAs();
    const { card } = setup({ 'POST /api/cart/add': {} });
    expect(card('Kitenge dress')).toHaveClass('product-card--sold');
    expect(within(card('Kitenge dress')).getByText('SOLD')).toBeInTheDocument();
    expect(within(card('Kitenge dress')).queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    expect(within(card('Denim jacket')).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('shows size · condition · brand under the price', () => {
    const { card } = setup();
    expect(within(card('Denim jacket')).getByText('M · good · Levi’s')).toBeInTheDocument();
  });

  it('adds to the cart, toasts and fires cartUpdated', async () => {
    signInAs();
    const cartUpdated = vi.fn();
    window.addEventListener('cartUpdated', cartUpdated);
    const { server, card, user } = setup({ 'POST /api/cart/add': { message: 'Added' } });
    await user.click(within(card('Denim jacket')).getByRole('button', { name: 'Add to Cart' }));

    expect(await screen.findByText('Added to Cart!')).toBeInTheDocument();
    expect(server.callsTo('POST /api/cart/add')[0].body).toEqual({ product_id: 1, quantity: 1 });
    await waitFor(() => expect(cartUpdated).toHaveBeenCalled());
    window.removeEventListener('cartUpdated', cartUpdated);
  });

  it("shows a pressed 'In Wishlist' heart for products already in the wishlist, and the 409 message", async () => {
    signInAs();
    const { card, user } = setup({
      'GET /api/wishlist': [{ id: 50, product_id: 3, product: products[2] }],
      'POST /api/wishlist': { status: 409, body: { message: 'Product already in wishlist' } },
    });
    expect(await within(card('Leather boots')).findByRole('button', { name: 'In Wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(card('Denim jacket')).getByRole('button', { name: 'Add to Wishlist' }));
    expect(await screen.findByText('This item is already in your wishlist.')).toBeInTheDocument();
  });
  it("says 'In Wishlist' after a tap made while the first wishlist load was still on its way", async () => {
    signInAs();
    // The first load is answered from before the tap (empty) but arrives only after the POST.
    let answerFirstLoad: (entries: unknown[]) => void = () => {};
    const firstLoad = new Promise<unknown[]>((resolve) => (answerFirstLoad = resolve));
    const saved: unknown[] = [];
    let loads = 0;
    const { card, user, server } = setup({
      'GET /api/wishlist': () => (++loads === 1 ? firstLoad : [...saved]),
      'POST /api/wishlist': () => {
        saved.push({ id: 51, product_id: 1, product: products[0] });
        return { status: 201, body: saved[0] };
      },
    });
    await waitFor(() => expect(server.callsTo('GET /api/wishlist')).toHaveLength(1));

    await user.click(within(card('Denim jacket')).getByRole('button', { name: 'Add to Wishlist' }));
    expect(await screen.findByText('Added to your wishlist!')).toBeInTheDocument();
    answerFirstLoad([]);

    expect(await within(card('Denim jacket')).findByRole('button', { name: 'In Wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('takes the item out of the wishlist when its filled heart is tapped', async () => {
    signInAs();
    let entries = [{ id: 50, product_id: 3, product: products[2] }];
    const { card, user, server } = setup({
      'GET /api/wishlist': () => entries,
      'DELETE /api/wishlist/50': () => {
        entries = [];
        return { message: 'Removed' };
      },
    });
    const heart = await within(card('Leather boots')).findByRole('button', { name: 'In Wishlist' });
    expect(heart).toBeEnabled();
    await user.click(heart);
    expect(await screen.findByText('Removed from your wishlist.')).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/wishlist/50')).toHaveLength(1);
    expect(await within(card('Leather boots')).findByRole('button', { name: 'Add to Wishlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
