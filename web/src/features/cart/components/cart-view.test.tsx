import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import type { CartItem } from '@/lib/api/get-cart';
import { CartView } from './cart-view';

afterEach(() => vi.unstubAllGlobals());

const line = (id: number, name: string, price: number, quantity: number, stock: number): CartItem => ({
  id,
  quantity,
  product: { id: id * 10, name, price, image_url: null, stock_quantity: stock },
});

function setup(items: CartItem[], api: Parameters<typeof mockApi>[0] = {}) {
  signInAs();
  const server = mockApi({ 'GET /api/cart': { cart_items: items }, ...api });
  renderWithProviders(<CartView />);
  return { server, user: userEvent.setup() };
}

describe('CartView', () => {
  it('lists the lines with Ksh prices and the total', async () => {
    setup([line(1, 'Denim jacket', 1500, 1, 1), line(2, 'Kitenge dress', 1234.5, 2, 3)]);
    expect(await screen.findByRole('link', { name: 'Kitenge dress' })).toBeInTheDocument();
    expect(screen.getByTestId('line-total-2')).toHaveTextContent('Ksh 2,469');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Ksh 3,969');
    expect(document.body.textContent).not.toContain('$');
  });

  it('never goes below 1 and stops at the stock quantity with the out-of-stock toast', async () => {
    const { server, user } = setup([line(1, 'Denim jacket', 1500, 2, 2), line(4, 'Wool socks', 200, 1, 3)], {
      'PATCH /api/cart/1': {},
    });
    const stepper = await screen.findByRole('group', { name: 'Quantity of Denim jacket' });
    const plus = within(stepper).getByRole('button', { name: 'Increase quantity of Denim jacket' });
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Decrease quantity of Wool socks' })).toBeDisabled();

    await user.click(plus);
    expect(await screen.findByText('"Denim jacket" is out of stock.')).toBeInTheDocument();
    expect(within(stepper).getByRole('status')).toHaveTextContent('2');
    expect(server.callsTo('PATCH /api/cart/1')).toHaveLength(0);
  });

  it('shows a one-of-a-kind item’s quantity without a stepper, and its photo', async () => {
    setup([
      {
        ...line(1, 'Denim jacket', 1500, 1, 1),
        product: { ...line(1, 'Denim jacket', 1500, 1, 1).product, image_url: '/img/j.jpg' },
      },
    ]);
    expect(await screen.findByTestId('quantity-1')).toHaveTextContent('1');
    expect(screen.queryByRole('group', { name: 'Quantity of Denim jacket' })).toBeNull();
    // the photo is a duplicate of the name's link for a screen reader (aria-hidden)
    const photo = document.querySelector('img.cart-thumb');
    expect(photo).toHaveAttribute('src', '/img/j.jpg');
    // on a phone too: the photo's cell is not one hidden below the small breakpoint
    expect(photo?.closest('td')).not.toHaveClass('d-none');
  });

  it('steps up to the stock, sending each new quantity', async () => {
    let quantity = 1;
    const { server, user } = setup([], {
      'GET /api/cart': () => ({ cart_items: [line(2, 'Kitenge dress', 1000, quantity, 2)] }),
      'PATCH /api/cart/2': ({ body }: { body: unknown }) => {
        quantity = (body as { quantity: number }).quantity;
        return { message: 'Cart updated' };
      },
    });
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Kitenge dress' });
    expect(plus).not.toHaveAttribute('aria-disabled');

    await user.click(plus);
    await waitFor(() => expect(server.callsTo('PATCH /api/cart/2')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/cart/2')[0].body).toEqual({ quantity: 2 });
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('Ksh 2,000'));
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Decrease quantity of Kitenge dress' })).toBeEnabled();
  });

  it("shows the server's refusal and puts the quantity back", async () => {
    const { user } = setup([line(3, 'Wool scarf', 500, 1, 5)], {
      'PATCH /api/cart/3': { status: 422, body: { message: '"Wool scarf" is out of stock.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Wool scarf' }));
    expect(await screen.findByText('"Wool scarf" is out of stock.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Quantity of Wool scarf' })).toHaveTextContent('1'));
  });

  it('says so when the cart is empty', async () => {
    setup([]);
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('removes a line and clears the cart, firing cartUpdated', async () => {
    const cartUpdated = vi.fn();
    window.addEventListener('cartUpdated', cartUpdated);
    const { server, user } = setup([line(1, 'Denim jacket', 1500, 1, 1), line(2, 'Kitenge dress', 900, 1, 1)], {
      'DELETE /api/cart/remove/1': { message: 'Removed from cart' },
      'DELETE /api/cart/clear': { message: 'Cart cleared' },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Denim jacket from cart' }));
    await waitFor(() => expect(server.callsTo('DELETE /api/cart/remove/1')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    await waitFor(() => expect(server.callsTo('DELETE /api/cart/clear')).toHaveLength(1));
    await waitFor(() => expect(cartUpdated).toHaveBeenCalledTimes(2));
    window.removeEventListener('cartUpdated', cartUpdated);
  });
});
