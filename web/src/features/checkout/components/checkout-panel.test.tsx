import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryMethodJson } from '@mtumba/contract/delivery';
import type { CartItem } from '@/lib/api/get-cart';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import { CheckoutPanel } from './checkout-panel';

afterEach(() => vi.unstubAllGlobals());

const items: CartItem[] = [
  { id: 1, quantity: 1, product: { id: 10, name: 'Denim jacket', price: 800, image_url: null, stock_quantity: 1 } },
  { id: 2, quantity: 2, product: { id: 11, name: 'Wool scarf', price: 150, image_url: null, stock_quantity: 3 } },
];

function setup(api: Parameters<typeof mockApi>[0] = {}, user = {}) {
  signInAs(user);
  const server = mockApi({ 'GET /api/orders': [], ...api });
  const view = renderWithProviders(<CheckoutPanel items={items} />, {
    path: '/cart',
    route: '/cart',
    routes: [{ path: '/checkout/:orderId', element: <p>Checkout page</p> }],
  });
  return { server, user: userEvent.setup(), router: view.router };
}

async function fill(user: ReturnType<typeof userEvent.setup>, phone = '0712 345 678') {
  await user.selectOptions(screen.getByLabelText('Shipping option'), 'CBD Delivery');
  await user.type(screen.getByLabelText('Phone number'), phone);
}

describe('CheckoutPanel', () => {
  it('asks for both the shipping option and the phone before calling the server', async () => {
    const { server, user } = setup({ 'POST /api/orders': { status: 201, body: {} } });
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(await screen.findByText('Please fill both the shipping address and phone number.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Shipping option'), 'Paid custom delivery');
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(server.callsTo('POST /api/orders')).toHaveLength(0);
  });

  it('explains both shipping options', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByLabelText('Shipping option'), 'CBD Delivery');
    expect(screen.getByText(/Ksh 50, with a pickup point in the city centre/)).toBeInTheDocument();
    expect(screen.getByText(/Free when your order is above Ksh 1000 after discounts/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Shipping option'), 'Paid custom delivery');
    expect(screen.getByText(/the delivery fee is paid to the rider on arrival/)).toBeInTheDocument();
  });

  it('places the order with the cart lines and opens its checkout page; the cart and its badge follow', async () => {
    const ordersUpdated = vi.fn();
    const cartUpdated = vi.fn();
    window.addEventListener('ordersUpdated', ordersUpdated);
    window.addEventListener('cartUpdated', cartUpdated);
    const { server, user, router } = setup({
      'POST /api/orders': { status: 201, body: { message: 'Order placed.', order: { id: 42 } } },
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));

    expect(await screen.findByText('Checkout page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout/42');
    expect(server.callsTo('POST /api/orders')[0].body).toEqual({
      items: [
        { product_id: 10, quantity: 1 },
        { product_id: 11, quantity: 2 },
      ],
      shipping_address: 'CBD Delivery',
      shipping_phone: '0712 345 678',
      discount_code: null,
    });
    expect(ordersUpdated).toHaveBeenCalled();
    // the server took the ordered items out of the cart: the header's count is told at once
    expect(cartUpdated).toHaveBeenCalled();
    window.removeEventListener('ordersUpdated', ordersUpdated);
    window.removeEventListener('cartUpdated', cartUpdated);
  });

  it('turns a stock refusal into the longer stock toast', async () => {
    const { user } = setup({
      'POST /api/orders': {
        status: 422,
        body: { error: 'Not enough stock for Denim jacket', message: 'Not enough stock for Denim jacket' },
      },
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(
      await screen.findByText(
        'Not enough stock for Denim jacket. Please reduce the quantity or choose another product.',
      ),
    ).toBeInTheDocument();
  });

  it('shows other errors as they are, and a generic message when there is none', async () => {
    let reply: { status: number; body: unknown } = {
      status: 403,
      body: { message: 'Please verify your email address first.' },
    };
    const { user } = setup({ 'POST /api/orders': () => reply });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(await screen.findByText('Please verify your email address first.')).toBeInTheDocument();

    reply = { status: 500, body: undefined };
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(await screen.findByText('Checkout failed. Please try again.')).toBeInTheDocument();
  });

  it('sends a typed discount code and shows its refusal under the code field', async () => {
    const message = 'The code KARIBU expired on 30 November 2026.';
    const { server, user } = setup({
      'POST /api/orders': { status: 422, body: { message, errors: { discount_code: [message] } } },
    });
    await fill(user);
    await user.type(screen.getByLabelText('Discount code (optional)'), 'karibu');
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() => expect(screen.getByLabelText('Discount code (optional)')).toHaveAccessibleDescription(message));
    expect(screen.getByLabelText('Discount code (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST /api/orders')[0].body).toMatchObject({ discount_code: 'karibu' });
  });

  it('catches a phone number that is not Kenyan before sending', async () => {
    const { server, user } = setup({ 'POST /api/orders': { status: 201, body: { order: { id: 1 } } } });
    await fill(user, '12345');
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Enter a valid Kenyan mobile number/)).toBeInTheDocument();
    expect(server.callsTo('POST /api/orders')).toHaveLength(0);
  });

  it('keeps an unverified customer from checking out', async () => {
    setup({}, { email_verified: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Please verify your e-mail address before checking out');
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  });

  it('estimates the price with the shop’s offers for a first order', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByLabelText('Shipping option'), 'CBD Delivery');
    // 800 + 2 × 150 = 1100; bulk −50 and first order −110 → 940, not above 1000: delivery Ksh 50.
    await waitFor(() => expect(screen.getByTestId('estimated-total')).toHaveTextContent('Ksh 990'));
    expect(screen.getByText('Bulk Discount - Ksh 50 off')).toBeInTheDocument();
    expect(screen.getByText('WELCOME10 - 10% Off First Order')).toBeInTheDocument();
  });

  it('points to an order still waiting for payment', async () => {
    setup({
      'GET /api/orders': [
        {
          id: 5,
          order_status: 'pending',
          payment_status: 'unpaid',
          applied_discounts: ['WELCOME10 - 10% Off First Order'],
          reserved_until: new Date(Date.now() + 600_000).toISOString(),
        },
      ],
    });
    expect(await screen.findByRole('link', { name: 'Pay for order #5' })).toHaveAttribute('href', '/checkout/5');
    // the first-order offer is held by that order: the estimate says so
    expect(await screen.findByTestId('welcome-held')).toHaveTextContent(
      'WELCOME10 is already applied to your order #5',
    );
  });
});

const method = (over: Partial<DeliveryMethodJson>): DeliveryMethodJson => ({
  id: 1,
  name: 'CBD Delivery',
  kind: 'pickup',
  fee: 50,
  free_over: 1000,
  zones: [],
  pickup_address: 'Shop 14, Nairobi CBD',
  pickup_hours: null,
  hold_days: 7,
  min_days: 1,
  max_days: 2,
  note: null,
  needs: [],
  is_active: true,
  sort_order: 10,
  ...over,
});

const METHODS = [
  method({}),
  method({
    id: 2,
    name: 'Nairobi doorstep delivery',
    kind: 'doorstep',
    fee: 250,
    free_over: null,
    zones: [
      { name: 'Westlands', fee: 150 },
      { name: 'Eastlands', fee: 450 },
    ],
    pickup_address: null,
    needs: ['zone', 'address'],
    sort_order: 20,
  }),
  method({
    id: 3,
    name: 'Upcountry parcel',
    kind: 'courier',
    fee: 350,
    free_over: null,
    pickup_address: null,
    min_days: 2,
    max_days: 3,
    needs: ['town', 'pickup_office'],
    sort_order: 30,
  }),
];

describe('CheckoutPanel with the shop’s delivery methods', () => {
  it('explains every active method, and names them in the select short enough for a phone', async () => {
    setup({ 'GET /api/delivery-methods': METHODS });
    const help = await screen.findByTestId('delivery-options-help');
    expect(help).toHaveTextContent('Nairobi doorstep delivery: Ksh 150–Ksh 450 by area, arrives in');
    expect(help).toHaveTextContent('Upcountry parcel: Ksh 350, arrives in 2–3 days.');
    expect(help).toHaveTextContent('CBD Delivery: Ksh 50, ready in 1–2 days.');
    const labels = Array.from(
      (screen.getByLabelText('Shipping option') as HTMLSelectElement).options,
      (o) => o.textContent,
    );
    expect(labels).toEqual([
      'Choose a shipping option',
      'CBD Delivery',
      'Nairobi doorstep delivery',
      'Upcountry parcel',
    ]);
  });

  it('marks the empty fields themselves, with their message', async () => {
    const { server, user } = setup({ 'GET /api/delivery-methods': METHODS });
    await screen.findByTestId('delivery-options-help');
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(screen.getByLabelText('Shipping option')).toHaveClass('is-invalid');
    expect(screen.getByText('Choose a shipping option.')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(screen.getByLabelText('Shipping option'), 'Nairobi doorstep delivery');
    await user.selectOptions(screen.getByLabelText('Area'), 'Westlands');
    await user.type(screen.getByLabelText('Phone number'), '0712 345 678');
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(screen.getByLabelText('Delivery address')).toHaveClass('is-invalid');
    expect(screen.getByText('Enter the delivery address: street, building and house or door number.')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Shipping option'), 'Upcountry parcel');
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(screen.getByLabelText('Town')).toHaveClass('is-invalid');
    expect(screen.getByText('Enter the town you want the parcel sent to.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/orders')).toHaveLength(0);
  });
});
