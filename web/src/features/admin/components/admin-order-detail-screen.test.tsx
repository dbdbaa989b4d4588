import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminOrder, adminOrderDetail } from '../testing/fixtures';
import { deferredRoute, stubFetch } from '../testing/fake-api';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { AdminOrderDetailScreen, itemsTotalCents } from './admin-order-detail-screen';

beforeEach(() => {
  signInAsAdmin();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderOrder(id = '7') {
  return renderScreen(<AdminOrderDetailScreen orderId={id} />, {
    route: `/admin/orders/${id}`,
    path: '/admin/orders/:id',
  });
}

describe('admin order detail', () => {
  it('shows a spinner, then the order: customer, details, items in Ksh, payments and history', async () => {
    stubFetch({ 'GET /api/admin/orders/7': { body: adminOrderDetail() } });
    renderOrder();
    expect(screen.getByRole('status')).toHaveTextContent('Loading order…');

    expect(await screen.findByRole('heading', { level: 1, name: 'Order #7' })).toBeInTheDocument();
    const customer = screen.getByRole('region', { name: 'Customer Info' });
    expect(customer).toHaveTextContent('Achieng Otieno');
    expect(customer).toHaveTextContent('achieng@example.test');
    expect(customer).toHaveTextContent('CBD Delivery');
    expect(customer).toHaveTextContent('+254712345678');
    expect(within(customer).getByRole('link', { name: 'Security log' })).toHaveAttribute(
      'href',
      '/admin/users/3/security',
    );

    const items = within(screen.getByRole('region', { name: 'Items' })).getByRole('table');
    const rows = within(items).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Qty', 'Price', 'Subtotal']);
    expect(rows[1]).toHaveTextContent('Denim jacket');
    expect(rows[1]).toHaveTextContent('Ksh 1,500');
    expect(rows[1]).toHaveTextContent('Ksh 3,000');
    expect(rows[2]).toHaveTextContent('Ksh 249.50');
    const thumb = rows[1].querySelector('img');
    expect(thumb).toHaveAttribute('width', '50');
    expect(rows[3]).toHaveTextContent('TotalKsh 3,249.50');
    expect(items).toHaveTextContent('Amount dueKsh 3,299.50');
    expect(items).not.toHaveTextContent('$');

    expect(screen.getByRole('region', { name: 'Payment details' })).toHaveTextContent('PAY-123');
    expect(screen.getByRole('region', { name: 'Payment details' })).toHaveTextContent('M-Pesa');
    expect(screen.getByRole('region', { name: 'Status history' })).toHaveTextContent('Pending → Processing');
  });

  it('sums price × quantity in cents', () => {
    const items = adminOrder().order_items.map((item) => ({ ...item, price: '0.10', quantity: 3 }));
    expect(itemsTotalCents(items)).toBe(60);
  });

  it('notes a cancellation request', async () => {
    stubFetch({
      'GET /api/admin/orders/7': {
        body: adminOrderDetail({ cancel_requested_at: '2025-03-03T09:00:00.000Z', cancel_request_open: true }),
      },
    });
    renderOrder();
    expect(await screen.findByText(/The customer asked to cancel this order/)).toBeInTheDocument();
  });

  it("says 'Could not fetch order #id' when loading fails", async () => {
    stubFetch({ 'GET /api/admin/orders/99': { status: 404, body: { message: 'Order not found.' } } });
    renderOrder('99');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch order #99');
  });

  // The clock turns fake once the change is on its way, so the 3 s are counted exactly.
  const freezeTime = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

  it('choosing Shipped opens the ship dialog instead of changing the status alone', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({ 'GET /api/admin/orders/7': { body: adminOrderDetail() } });
    renderOrder();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'shipped');
    expect(await screen.findByRole('dialog', { name: 'Ship order #7' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it("shows the server's status and 'Status updated.' for 3 s; the select waits meanwhile", async () => {
    const user = userEvent.setup();
    let detail = adminOrderDetail({ order_status: 'shipped' });
    const save = deferredRoute();
    const { calls } = stubFetch({
      'GET /api/admin/orders/7': () => ({ body: detail }),
      'PUT /api/admin/orders/7': save.route,
    });
    renderOrder();
    const select = await screen.findByRole('combobox', { name: 'Status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Shipped', 'Delivered']);

    await user.selectOptions(select, 'delivered');
    expect(select).toBeDisabled();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ order_status: 'delivered' });
    expect(put?.headers['X-Requested-With']).toBe('XMLHttpRequest');

    freezeTime();
    detail = adminOrderDetail({ order_status: 'delivered' });
    save.respond(200, { message: 'Order status updated.', order: adminOrder({ order_status: 'delivered' }) });
    await settle();
    expect(screen.getByText('Status updated.')).toBeInTheDocument();
    expect(select).toHaveValue('delivered');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Delivered']);

    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.getByText('Status updated.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Status updated.')).not.toBeInTheDocument();
  });

  it("shows the server's message, or 'Update failed', in a danger banner that clears after 3 s", async () => {
    const user = userEvent.setup();
    const save = deferredRoute();
    stubFetch({ 'GET /api/admin/orders/7': { body: adminOrderDetail() }, 'PUT /api/admin/orders/7': save.route });
    renderOrder();
    const select = await screen.findByRole('combobox', { name: 'Status' });

    await user.selectOptions(select, 'cancelled');
    // cancelling asks first
    expect(save.received()).toBe(0);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel the order' }));
    freezeTime();
    save.respond(422, { message: 'Cannot change status from processing to cancelled.' });
    await settle();
    const banner = screen.getByText('Cannot change status from processing to cancelled.');
    expect(banner.closest('[role="alert"]')).not.toBeNull();
    expect(banner).toHaveClass('alert-danger');
    expect(select).toHaveValue('processing');

    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(banner).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Cannot change status from processing to cancelled.')).not.toBeInTheDocument();

    fireEvent.change(select, { target: { value: 'cancelled' } });
    await settle();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel the order' }));
    await settle();
    expect(save.received()).toBe(2);
    save.fail();
    await settle();
    expect(screen.getByText('Update failed')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.queryByText('Update failed')).not.toBeInTheDocument();
  });
});
