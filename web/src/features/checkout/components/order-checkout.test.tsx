import type { OrderJson } from '@mtumba/contract/order';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import { leaveForPayment } from '../leave-for-payment';
import { OrderCheckout } from './order-checkout';

vi.mock('../leave-for-payment', () => ({ leaveForPayment: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leaveForPayment).mockReset();
});

const order = (over: Partial<OrderJson> = {}): OrderJson =>
  ({
    id: 8,
    user: { id: 7, name: 'Wanjiku' },
    order_status: 'pending',
    payment_status: 'unpaid',
    subtotal: 2100,
    discount_amount: 260,
    delivery_fee: 0,
    total_amount: 1840,
    applied_discounts: [
      'Bulk Discount - Ksh 50 off',
      'WELCOME10 - 10% Off First Order',
      'Free CBD Delivery - Orders above Ksh 1000',
    ],
    shipping_address: 'CBD Delivery',
    shipping_phone: '+254712345678',
    reserved_until: new Date(Date.now() + 10 * 60_000).toISOString(),
    cancel_requested_at: null,
    paid_at: null,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
    item_count: 3,
    order_items: [
      {
        id: 1,
        product_id: 10,
        quantity: 1,
        price: '1500.00',
        subtotal: 1500,
        product: { id: 10, name: 'Denim jacket', image_url: null },
      },
      {
        id: 2,
        product_id: 11,
        quantity: 2,
        price: '300.00',
        subtotal: 600,
        product: { id: 11, name: 'Wool scarf', image_url: null },
      },
    ],
    orderItems: [],
    history: [],
    ...over,
  }) as OrderJson;

function setup(api: Parameters<typeof mockApi>[0], paymentFailed = false) {
  signInAs();
  const server = mockApi(api);
  renderWithProviders(<OrderCheckout orderId={8} paymentFailed={paymentFailed} />);
  return { server, user: userEvent.setup() };
}

describe('OrderCheckout', () => {
  it("shows the server's items, offers and amounts in Ksh", async () => {
    setup({ 'GET /api/orders/8': order() });
    expect(await screen.findByText('Denim jacket')).toBeInTheDocument();
    expect(screen.getByText('2 × Ksh 300')).toBeInTheDocument();
    expect(screen.getByText('WELCOME10 - 10% Off First Order')).toBeInTheDocument();
    expect(screen.getByText('Free CBD Delivery - Orders above Ksh 1000')).toBeInTheDocument();
    expect(screen.getByText('− Ksh 260')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Ksh 1,840');
    expect(document.body.textContent).not.toContain('$');
  });

  it('starts the payment and sends the browser to the payment page', async () => {
    const { server, user } = setup({
      'GET /api/orders/8': order(),
      'POST /api/payments/initiate': { status: 201, body: { checkout_url: '/pay/sandbox/ref-1' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(leaveForPayment).toHaveBeenCalledWith('/pay/sandbox/ref-1'));
    expect(server.callsTo('POST /api/payments/initiate')[0].body).toEqual({ order_id: 8 });
  });

  it('shows why a payment could not start', async () => {
    const { user } = setup({
      'GET /api/orders/8': order(),
      'POST /api/payments/initiate': { status: 502, body: { error: 'The payment provider is unavailable.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('The payment provider is unavailable.')).toBeInTheDocument();
    expect(leaveForPayment).not.toHaveBeenCalled();
  });

  it('falls back to "Payment initiation failed"', async () => {
    const { user } = setup({
      'GET /api/orders/8': order(),
      'POST /api/payments/initiate': { status: 500 },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Payment initiation failed')).toBeInTheDocument();
  });

  it('after a failed payment says so and still offers Pay Now', async () => {
    setup({ 'GET /api/orders/8': order({ payment_status: 'failed' }) }, true);
    expect(await screen.findByText('Your payment did not go through. You can try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it('sends the shopper back to the cart when the reservation expired', async () => {
    setup({
      'GET /api/orders/8': {
        status: 410,
        body: { message: 'Your order reservation expired. Please recreate the order.' },
      },
    });
    expect(await screen.findByText('Your order reservation expired. Please recreate the order.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('links a paid order to its page instead of offering payment', async () => {
    setup({ 'GET /api/orders/8': order({ payment_status: 'paid', order_status: 'processing' }) });
    expect(await screen.findByText(/This order is paid/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the order' })).toHaveAttribute('href', '/orders/8');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('says when the order does not exist', async () => {
    setup({ 'GET /api/orders/8': { status: 404, body: { message: 'Order not found.' } } });
    expect(await screen.findByText(/Order not found\./)).toBeInTheDocument();
  });
});
