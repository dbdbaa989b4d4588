import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminOrder, adminOrderDetail } from '../testing/fixtures';
import { stubFetch } from '../testing/fake-api';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { AdminOrderDetailScreen } from './admin-order-detail-screen';
import { PackingSlipScreen } from './packing-slip-screen';

beforeEach(() => {
  signInAsAdmin();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderOrder() {
  return renderScreen(<AdminOrderDetailScreen orderId="7" />, { route: '/admin/orders/7', path: '/admin/orders/:id' });
}

const COURIER = {
  method_id: 3,
  name: 'Upcountry parcel (courier or matatu)',
  kind: 'courier' as const,
  zone: null,
  address: null,
  landmark: null,
  town: 'Nakuru',
  pickup_office: 'Easy Coach, Nakuru town stage',
  pickup_address: null,
  pickup_hours: null,
  hold_days: null,
  min_days: 1,
  max_days: 3,
  estimate: '1–3 days',
  note: null,
};

describe('shipping an order', () => {
  it('asks for the carrier and waybill, confirms, and sends them', async () => {
    const user = userEvent.setup();
    const shipped = adminOrder({
      order_status: 'shipped',
      shipment: { carrier: 'Easy Coach', tracking_number: 'EC-778', note: null, shipped_at: '2025-03-03T09:00:00Z' },
    });
    const { calls } = stubFetch({
      'GET /api/admin/orders/7': { body: adminOrderDetail({ delivery: COURIER }) },
      'POST /api/admin/orders/7/ship': { body: { message: 'Order shipped. The customer was told.', order: shipped } },
    });
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship order #7' });
    // a courier parcel: the waybill is required
    expect(within(dialog).getByLabelText('Waybill or tracking number')).toBeRequired();
    await user.type(within(dialog).getByLabelText('Rider or courier'), 'Easy Coach');
    await user.type(within(dialog).getByLabelText('Waybill or tracking number'), 'EC-778');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByTestId('ship-confirm')).toHaveTextContent('Ship with Easy Coach, waybill EC-778?');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and ship' }));
    expect(await screen.findByText('Order shipped. The customer was told.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      carrier: 'Easy Coach',
      tracking_number: 'EC-778',
      note: null,
    });
  });

  it('shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/admin/orders/7': { body: adminOrderDetail() },
      'POST /api/admin/orders/7/ship': {
        status: 422,
        body: { message: 'This order is cancelled: it cannot be shipped.' },
      },
    });
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship order #7' });
    expect(within(dialog).getByLabelText('Waybill or tracking number (optional)')).not.toBeRequired();
    await user.type(within(dialog).getByLabelText('Rider or courier'), 'Rider Juma');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and ship' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This order is cancelled: it cannot be shipped.',
    );
  });

  it('keeps the refund form of a paid order behind "Record a refund…", its amount empty', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /api/admin/orders/7': { body: adminOrderDetail() } });
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Record a refund…' }));
    const form = screen.getByRole('form', { name: 'Record a refund' });
    expect(within(form).getByLabelText('Amount (Ksh)')).toHaveValue(null);
  });
});

describe('packing slip', () => {
  it('shows the address, the items with their sizes and the amount the rider collects', async () => {
    const base = adminOrderDetail();
    stubFetch({
      'GET /api/admin/orders/7': {
        body: adminOrderDetail({
          payment_method: 'pay_on_delivery',
          payment_status: 'unpaid',
          delivery: COURIER,
          order_items: base.order_items.map((i, n) => ({
            ...i,
            product: { ...i.product, size: n === 0 ? 'M' : null },
          })),
        }),
      },
    });
    renderScreen(<PackingSlipScreen orderId="7" />, { route: '/admin/orders/7/slip', path: '/admin/orders/:id/slip' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Packing slip: order #7' })).toBeInTheDocument();
    expect(screen.getByTestId('slip-address')).toHaveTextContent('Nakuru, pickup at Easy Coach, Nakuru town stage');
    const rows = screen.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Denim jacketM2Ksh 1,500');
    expect(screen.getByTestId('slip-amount')).toHaveTextContent('Amount to collect on delivery: Ksh 3,299.50');
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });
});
