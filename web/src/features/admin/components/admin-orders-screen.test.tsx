import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { adminOrder } from '../testing/fixtures';
import { deferredRoute, stubFetch } from '../testing/fake-api';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { AdminOrdersScreen } from './admin-orders-screen';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

// The live channel: capture what the screen listens to, so a test can push an event.
const socketHandlers = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/socket', () => ({
  useSocketEvent: (name: string, handler: (payload: unknown) => void) => socketHandlers.set(name, handler),
  useSocketReconnect: () => {},
}));

beforeEach(() => {
  signInAsAdmin();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const orders = [
  adminOrder({ id: 7 }),
  adminOrder({
    id: 8,
    order_status: 'pending',
    payment_status: 'unpaid',
    total_amount: 1250,
    cancel_requested_at: '2025-03-03T09:00:00.000Z',
    cancel_request_open: true,
    user: { id: 4, name: 'Baraka Mwangi', email: 'baraka@example.test' },
  }),
];

function listRoute(list = orders, total = list.length) {
  return { body: list, headers: { 'X-Total-Count': String(total) } };
}

describe('admin orders', () => {
  it('shows each order with customer, total in Ksh, payment and cancel-request badges', async () => {
    stubFetch({ 'GET /api/admin/orders': listRoute() });
    renderScreen(<AdminOrdersScreen />, { route: '/admin/orders', path: '/admin/orders' });

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('#7');
    expect(rows[0]).toHaveTextContent('Achieng Otieno');
    expect(rows[0]).toHaveTextContent('achieng@example.test');
    expect(rows[0]).toHaveTextContent('Ksh 3,299.50');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(rows[1]).toHaveTextContent('Ksh 1,250');
    expect(rows[1]).toHaveTextContent('Unpaid');
    expect(rows[1]).toHaveTextContent('Cancel requested');
    expect(table).not.toHaveTextContent('$');
    expect(within(rows[0]).getByRole('link', { name: '#7' })).toHaveAttribute('href', '/admin/orders/7');
  });

  it('offers only the allowed next statuses in each row', async () => {
    stubFetch({ 'GET /api/admin/orders': listRoute() });
    renderScreen(<AdminOrdersScreen />, { route: '/admin/orders', path: '/admin/orders' });
    const select = await screen.findByRole('combobox', { name: 'Status of order #8' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pending', 'Cancelled']);
  });

  it('saves a new status as an XMLHttpRequest, disabling the select meanwhile', async () => {
    const user = userEvent.setup();
    let list = orders;
    const save = deferredRoute();
    const { calls } = stubFetch({
      'GET /api/admin/orders': () => listRoute(list),
      'PUT /api/admin/orders/7': save.route,
    });
    renderScreen(<AdminOrdersScreen />, { route: '/admin/orders', path: '/admin/orders' });
    const select = await screen.findByRole('combobox', { name: 'Status of order #7' });
    await user.selectOptions(select, 'shipped');

    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/admin/orders/7');
    expect(put?.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(put?.headers.Authorization).toBe('Bearer admin-token');
    expect(put?.body).toEqual({ order_status: 'shipped' });
    expect(select).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Status of order #8' })).toBeEnabled();

    const shipped = adminOrder({ id: 7, order_status: 'shipped' });
    list = [shipped, orders[1]];
    save.respond(200, { message: 'Order status updated.', order: shipped });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Order #7 status updated.'));
    // the list is fetched again too (a status filter may no longer match)
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/admin/orders')).toHaveLength(2));
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('shipped');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Shipped', 'Delivered']);
  });

  it("shows 'Save failed' with the server's message when a move is refused", async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/admin/orders': listRoute(),
      'PUT /api/admin/orders/7': { status: 422, body: { message: 'Cannot change status from shipped to cancelled.' } },
    });
    renderScreen(<AdminOrdersScreen />, { route: '/admin/orders', path: '/admin/orders' });
    const select = await screen.findByRole('combobox', { name: 'Status of order #7' });
    await user.selectOptions(select, 'cancelled');
    // cancelling asks first; backing out sends nothing
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel order #7?' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(toast.error).not.toHaveBeenCalled();
    await user.selectOptions(select, 'cancelled');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel order #7?' })).getByRole('button', {
        name: 'Cancel the order',
      }),
    );

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Save failed: Cannot change status from shipped to cancelled.'),
    );
    expect(select).toHaveValue('processing');
    expect(select).toBeEnabled();
  });

  it('filters by status and pages through the server', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({ 'GET /api/admin/orders': listRoute(orders, 45) });
    renderScreen(<AdminOrdersScreen />, { route: '/admin/orders', path: '/admin/orders' });
    await screen.findByRole('table');
    expect(calls[0].url.searchParams.get('per_page')).toBe('20');
    expect(calls[0].url.searchParams.has('status')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Show'), 'pending');
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('status')).toBe('pending'));

    await user.click(screen.getByRole('link', { name: 'Page 3' }));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('page')).toBe('3'));
    expect(calls.at(-1)?.url.searchParams.get('status')).toBe('pending');
  });

  it("says 'Could not load orders' and 'No orders found.'", async () => {
    stubFetch({ 'GET /api/admin/orders': { status: 500, body: {} } });
    const first = renderScreen(<AdminOrdersScreen />, { route: '/admin/orders', path: '/admin/orders' });
    expect(await screen.findByText('Could not load orders')).toBeInTheDocument();
    first.unmount();

    stubFetch({ 'GET /api/admin/orders': listRoute([]) });
    renderScreen(<AdminOrdersScreen />, { route: '/admin/orders', path: '/admin/orders' });
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
  });

  it('refreshes when an order is created, paid or a cancellation is requested', async () => {
    let list = [orders[0]];
    stubFetch({ 'GET /api/admin/orders': () => listRoute(list) });
    renderScreen(<AdminOrdersScreen />, { route: '/admin/orders', path: '/admin/orders' });
    await screen.findByRole('link', { name: '#7' });

    list = orders;
    socketHandlers.get('order.created')?.({ id: 8, status: 'pending', total_amount: 1250, created_at: '' });
    expect(await screen.findByRole('link', { name: '#8' })).toBeInTheDocument();

    list = [adminOrder({ id: 7, order_status: 'shipped' }), orders[1]];
    socketHandlers.get('order.paid')?.({ id: 7, status: 'shipped', updated_at: '' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status of order #7' })).toHaveValue('shipped'));
    expect(socketHandlers.has('order.cancel_requested')).toBe(true);
    expect(socketHandlers.has('order.status.updated')).toBe(true);
  });
});
