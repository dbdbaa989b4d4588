import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInDialogProvider } from '@/features/auth/components/sign-in-dialog-provider';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import { AppNavbar } from './navbar';

afterEach(() => vi.unstubAllGlobals());

function setup(api: Parameters<typeof mockApi>[0] = {}) {
  const server = mockApi({
    'GET /api/categories': [
      { id: 1, name: 'Dresses' },
      { id: 2, name: 'Shoes' },
    ],
    'GET /api/config': { google_enabled: false },
    'GET /api/cart': {
      cart_items: [
        { id: 1, quantity: 1, product: { id: 1, name: 'A', price: 100, image_url: null, stock_quantity: 1 } },
        { id: 2, quantity: 2, product: { id: 2, name: 'B', price: 100, image_url: null, stock_quantity: 3 } },
      ],
    },
    'GET /api/wishlist': [{ id: 9, product_id: 4, product: { id: 4, name: 'C', price: 5, image_url: null } }],
    'GET /api/orders': [],
    ...api,
  });
  renderWithProviders(
    <SignInDialogProvider>
      <AppNavbar />
    </SignInDialogProvider>,
  );
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return { server, nav, user: userEvent.setup() };
}

describe('navbar', () => {
  it('offers a visitor Home, Products with every category, Login and Register, and the cart and wishlist in this browser', async () => {
    localStorage.setItem(
      'guest_cart',
      JSON.stringify([
        { product_id: 5, quantity: 2, product: { id: 5, name: 'E', price: 100, image_url: null, stock_quantity: 3 } },
      ]),
    );
    const { server, nav, user } = setup();
    expect(within(nav).getByRole('link', { name: 'Mtumba' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Register' })).toBeInTheDocument();
    // the visitor's cart badge counts the items kept in the browser
    expect(await within(nav).findByRole('link', { name: 'Cart (2 items in cart)' })).toHaveAttribute('href', '/cart');
    expect(within(nav).getByRole('link', { name: /^Wishlist/ })).toHaveAttribute('href', '/wishlist');
    for (const name of [/Orders/, /Manage/]) expect(within(nav).queryByRole('link', { name })).toBeNull();

    await user.click(within(nav).getByRole('button', { name: 'Products' }));
    expect(within(nav).getByRole('link', { name: 'All' })).toHaveAttribute('href', '/products');
    expect(await within(nav).findByRole('link', { name: 'Shoes' })).toHaveAttribute('href', '/products/category/2');
    expect(server.callsTo('GET /api/cart')).toHaveLength(0);

    await user.click(within(nav).getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('tab', { name: 'Register', selected: true })).toBeInTheDocument();
  });

  it('shows a customer Wishlist, Cart and Orders with counts, and the user menu', async () => {
    signInAs({ name: 'Wanjiku' });
    const { nav, user, server } = setup();
    expect(await within(nav).findByRole('link', { name: 'Cart (3 items in cart)' })).toHaveAttribute('href', '/cart');
    expect(await within(nav).findByRole('link', { name: 'Wishlist (1 item in wishlist)' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /^Orders/ })).toHaveAttribute('href', '/orders');
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Login' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: /Manage/ })).toBeNull();

    await user.click(await within(nav).findByRole('button', { name: 'Account menu for Wanjiku' }));
    expect(within(nav).getByRole('button', { name: 'My Account' })).toBeVisible();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeVisible();

    // Another screen changed the cart: the badge refetches.
    const before = server.callsTo('GET /api/cart').length;
    window.dispatchEvent(new Event('cartUpdated'));
    await waitFor(() => expect(server.callsTo('GET /api/cart').length).toBe(before + 1));
  });

  it('shows an admin only Manage Products, Manage Orders and the user menu', async () => {
    signInAs({ name: 'Boss', is_admin: true });
    const { nav, server } = setup();
    // The admin's links and the user menu are their own chunks, loaded once someone signs in.
    expect(await within(nav).findByRole('link', { name: 'Manage Products' })).toHaveAttribute(
      'href',
      '/admin/products',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin');
    expect(within(nav).getByRole('link', { name: 'Manage Orders' })).toHaveAttribute('href', '/admin/orders');
    expect(await within(nav).findByRole('button', { name: 'Account menu for Boss' })).toBeInTheDocument();
    for (const name of [/Home/, /Wishlist/, /Cart/, /^Orders/])
      expect(within(nav).queryByRole('link', { name })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Products' })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Login' })).toBeNull();
    expect(server.callsTo('GET /api/cart')).toHaveLength(0);
  });

  it('logs out through the server and forgets the token', async () => {
    signInAs({ name: 'Wanjiku' });
    const { nav, user, server } = setup({ 'POST /api/logout': { message: 'Logged out' } });
    await user.click(await within(nav).findByRole('button', { name: 'Account menu for Wanjiku' }));
    await user.click(within(nav).getByRole('button', { name: 'Logout' }));
    expect(await within(nav).findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/logout')).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
  });
});
