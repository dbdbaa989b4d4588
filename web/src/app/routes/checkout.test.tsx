import type { OrderJson } from '@mtumba/contract/order';
import type { PayOnDeliveryOption } from '@mtumba/contract/delivery';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import CheckoutRoute from './checkout';

afterEach(() => {
  vi.unstubAllGlobals();
});

const NOT_YET =
  'Pay on delivery opens once you have received an order from us (or verified your phone number). Please pay this order now.';

const pickup = {
  method_id: 1,
  name: 'Pickup at our shop',
  kind: 'pickup' as const,
  zone: null,
  address: null,
  landmark: null,
  town: null,
  pickup_office: null,
  pickup_address: 'Moi Avenue, Nairobi',
  pickup_hours: null,
  hold_days: null,
  min_days: 0,
  max_days: 0,
  estimate: 'Same day',
  note: null,
};

const order = (over: Partial<OrderJson> = {}): OrderJson =>
  ({
    id: 8,
    order_status: 'pending',
    payment_status: 'unpaid',
    subtotal: 950,
    discount_amount: 0,
    delivery_fee: 0,
    total_amount: 950,
    applied_discounts: [],
    shipping_address: 'Pickup at our shop',
    shipping_phone: '+254712345678',
    reserved_until: new Date(Date.now() + 10 * 60_000).toISOString(),
    cancel_requested_at: null,
    paid_at: null,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
    item_count: 1,
    order_items: [
      {
        id: 1,
        product_id: 10,
        quantity: 1,
        price: '950.00',
        subtotal: 950,
        product: { id: 10, name: 'Denim jacket', image_url: null },
      },
    ],
    orderItems: [],
    history: [],
    delivery: pickup,
    payment_method: 'online',
    ...over,
  }) as OrderJson;

const option = (over: Partial<PayOnDeliveryOption> = {}): PayOnDeliveryOption => ({
  available: true,
  open: true,
  chosen: false,
  reason: null,
  amount: 950,
  max_order: 5000,
  ...over,
});

function renderCheckout() {
  return renderWithProviders(<CheckoutRoute />, { route: '/checkout/:orderId', path: '/checkout/8' });
}

describe('the checkout’s pay on delivery', () => {
  it('for a pickup order says to pay at the pickup point, never to have the money ready for a rider', async () => {
    signInAs();
    mockApi({
      'GET /api/orders/8': order({ order_status: 'processing', payment_method: 'pay_on_delivery' }),
      'GET /api/orders/8/pay-on-delivery': option({ open: false, chosen: true, available: false }),
    });
    renderCheckout();
    const panel = await screen.findByTestId('pay-on-delivery');
    expect(panel).toHaveTextContent('Pay Ksh 950 at the pickup point when you collect your order');
    expect(document.body).not.toHaveTextContent(/rider/);
  });

  it('says nothing of paying on delivery once the order is paid', async () => {
    signInAs();
    mockApi({
      'GET /api/orders/8': order({
        payment_status: 'paid',
        order_status: 'processing',
        paid_at: '2026-03-01T09:05:00Z',
      }),
      // an answer fetched before the payment arrived
      'GET /api/orders/8/pay-on-delivery': option({ available: false, reason: NOT_YET }),
    });
    renderCheckout();
    expect(await screen.findByText(/This order is paid/)).toBeInTheDocument();
    expect(screen.queryByTestId('pay-on-delivery')).toBeNull();
    expect(document.body).not.toHaveTextContent('Please pay this order now');
  });

  it('offers to verify the phone where the option is locked; the code shown in the test shop opens it', async () => {
    signInAs();
    let verified = false;
    const api = mockApi({
      'GET /api/orders/8': order({ delivery: { ...pickup, kind: 'doorstep', pickup_address: null } }),
      'GET /api/orders/8/pay-on-delivery': () => (verified ? option() : option({ available: false, reason: NOT_YET })),
      'GET /api/user/phone': () => ({ sms_enabled: true, sms_sandbox: true, phone: null, phone_verified: verified }),
      'POST /api/user/phone/code': { message: 'Test shop: no text message is sent.', sandbox_code: '424242' },
      'POST /api/user/phone/verify': () => {
        verified = true;
        return {
          message: 'Your phone number is verified.',
          sms_enabled: true,
          phone: '0712 345 678',
          phone_verified: true,
        };
      },
    });
    renderCheckout();
    const panel = await screen.findByTestId('pay-on-delivery');
    expect(within(panel).getByTestId('pod-unavailable')).toHaveTextContent(NOT_YET);
    const user = userEvent.setup();
    await user.click(await within(panel).findByRole('button', { name: 'Verify your phone' }));
    // the order's phone is filled in
    expect(within(panel).getByLabelText('Mobile number')).toHaveValue('0712345678');
    await user.click(within(panel).getByRole('button', { name: 'Send code by SMS' }));
    expect(await within(panel).findByTestId('sandbox-sms-code')).toHaveTextContent('424242');
    await user.type(within(panel).getByLabelText('Code from the text message'), '424242');
    await user.click(within(panel).getByRole('button', { name: 'Verify' }));
    expect(api.callsTo('POST /api/user/phone/verify')[0]?.body).toEqual({ code: '424242' });
    expect(await within(panel).findByRole('button', { name: 'Pay Ksh 950 on delivery' })).toBeEnabled();
    expect(screen.queryByTestId('checkout-phone-step')).toBeNull();
  });
});
