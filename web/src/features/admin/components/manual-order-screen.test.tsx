import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/lib/testing';
import { renderScreen, signInAsAdmin } from '../testing/render';
import { ManualOrderScreen } from './manual-order-screen';

afterEach(() => vi.unstubAllGlobals());

const customer = {
  id: 41,
  name: 'Achieng Otieno',
  email: 'achieng@example.test',
  phone: '+254722000111',
  has_email: true,
  has_password: false,
};
const dress = { id: 9, name: 'Ankara wrap dress', price: 1000, image_url: null, size: 'M', stock_quantity: 1 };
const LINK = 'http://shop.test/pay/77.1900000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

describe('ManualOrderScreen', () => {
  it('finds the customer by phone, adds an item, shows the server’s total and hands out the pay link', async () => {
    signInAsAdmin();
    const user = userEvent.setup();
    const server = mockApi({
      'GET /api/admin/customers': { data: [customer] },
      'GET /api/products': [dress],
      'POST /api/admin/orders/manual/quote': ({ body }: { body: unknown }) => {
        const discount = (body as { discount: { amount: number } | null }).discount?.amount ?? 0;
        return {
          subtotal: 1000,
          discount_amount: 100 + discount,
          shop_discount: discount,
          delivery_fee: 0,
          total_amount: 900 - discount,
          applied_discounts: ['WELCOME10 - 10% Off First Order', ...(discount ? ['Shop discount'] : [])],
        };
      },
      'POST /api/admin/orders/manual': {
        status: 201,
        body: {
          message: 'Order created. Send the pay link to the customer.',
          order: { id: 77, total_amount: 800, shipping_phone: '+254722000111' },
          pay_link: {
            url: LINK,
            expires_at: '2030-01-01T10:00:00.000Z',
            message: `Hi Achieng, pay here: ${LINK}`,
            whatsapp_url: 'unused by the screen',
          },
        },
      },
    });
    renderScreen(<ManualOrderScreen />);

    await user.type(screen.getByLabelText('Phone number or e-mail address'), '0722 000 111');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const found = await screen.findByRole('list', { name: 'Customers found' });
    await user.click(within(found).getByRole('button', { name: 'Choose' }));
    expect(screen.getByTestId('chosen-customer')).toHaveTextContent('Achieng Otieno');
    expect(screen.getByLabelText('Customer’s phone')).toHaveValue('0722000111');

    await user.click(await screen.findByRole('button', { name: 'Add Ankara wrap dress' }));
    expect(await screen.findByTestId('manual-order-total')).toHaveTextContent('Ksh 900');
    await user.type(screen.getByLabelText('Amount (Ksh)'), '100');
    await user.type(screen.getByLabelText('Reason'), 'Regular');
    await vi.waitFor(() => expect(screen.getByTestId('manual-order-total')).toHaveTextContent('Ksh 800'));

    await user.click(screen.getByRole('button', { name: 'Create order and pay link' }));
    expect(await screen.findByRole('heading', { name: 'Order #77 created' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/orders/manual')[0]!.body).toEqual({
      customer_id: 41,
      items: [{ product_id: 9, quantity: 1 }],
      shipping_address: 'CBD Delivery',
      shipping_phone: '0722000111',
      channel: 'whatsapp',
      discount: { amount: 100, reason: 'Regular' },
      payment: null,
    });
    expect(screen.getByLabelText('Pay link')).toHaveValue(LINK);
    const whatsapp = screen.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href') ?? '';
    expect(whatsapp.startsWith('https://wa.me/254722000111?text=')).toBe(true);
    expect(decodeURIComponent(whatsapp)).toContain(LINK);
  }, 20_000);

  it('shows the server’s reason when the order cannot be made (an item sold meanwhile)', async () => {
    signInAsAdmin();
    const user = userEvent.setup();
    mockApi({
      'GET /api/admin/customers': { data: [customer] },
      'GET /api/products': [dress],
      'POST /api/admin/orders/manual/quote': {
        status: 422,
        body: {
          message: 'Not enough stock for Ankara wrap dress',
          errors: { items: ['Not enough stock for Ankara wrap dress'] },
        },
      },
    });
    renderScreen(<ManualOrderScreen />);
    await user.type(screen.getByLabelText('Phone number or e-mail address'), 'achieng@example.test');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await user.click(
      within(await screen.findByRole('list', { name: 'Customers found' })).getByRole('button', { name: 'Choose' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add Ankara wrap dress' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not enough stock for Ankara wrap dress');
    expect(screen.queryByTestId('manual-order-total')).not.toBeInTheDocument();
  }, 20_000);

  it('carries the phone typed into Find into a new phone-only customer, takes an upcountry parcel with its address, and shows the result', async () => {
    signInAsAdmin();
    const user = userEvent.setup();
    const upcountry = {
      id: 3,
      name: 'Upcountry parcel (courier or matatu)',
      kind: 'courier',
      fee: 350,
      free_over: null,
      zones: [],
      pickup_address: null,
      pickup_hours: null,
      hold_days: null,
      min_days: 1,
      max_days: 3,
      note: null,
      needs: ['town', 'pickup_office'],
      is_active: true,
      sort_order: 30,
    };
    const newcomer = {
      id: 52,
      name: 'Akinyi',
      email: '',
      has_email: false,
      phone: '+254733111222',
      has_password: false,
    };
    const server = mockApi({
      'GET /api/admin/customers': { data: [] },
      'POST /api/admin/customers': {
        status: 201,
        body: { message: 'Customer account created without an e-mail address.', created: true, customer: newcomer },
      },
      'GET /api/delivery-methods': [upcountry],
      'GET /api/products': [dress],
      'POST /api/admin/orders/manual/quote': {
        subtotal: 1000,
        discount_amount: 100,
        shop_discount: 0,
        delivery_fee: 350,
        total_amount: 1250,
        applied_discounts: [],
      },
      'POST /api/admin/orders/manual': {
        status: 201,
        body: {
          message:
            'Order created. The customer has no e-mail address, so no e-mail is sent. Sent by SMS to 0733 111 222.',
          order: { id: 78, total_amount: 1250, shipping_phone: '+254733111222' },
          pay_link: { url: LINK, expires_at: '2030-01-01T10:00:00.000Z', message: LINK, whatsapp_url: 'unused' },
          texted_to: '0733 111 222',
          customer_has_email: false,
          claim_link_sent: true,
        },
      },
    });
    renderScreen(<ManualOrderScreen />);

    await user.type(screen.getByLabelText('Phone number or e-mail address'), '0733 111 222');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('No customer found with 0733 111 222.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    const form = screen.getByRole('form', { name: 'New customer' });
    expect(within(form).getByLabelText('Phone (for SMS and WhatsApp)')).toHaveValue('0733 111 222');
    expect(within(form).getByLabelText('E-mail (optional)')).toHaveValue('');
    await user.type(within(form).getByLabelText('Name'), 'Akinyi');
    await user.click(within(form).getByRole('button', { name: 'Use this customer' }));
    expect(await screen.findByTestId('chosen-customer')).toHaveTextContent('Akinyi');
    expect(screen.getByText('No e-mail: texts only · 0733111222')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/customers')[0]!.body).toEqual({
      name: 'Akinyi',
      email: null,
      phone: '0733 111 222',
    });

    await user.click(await screen.findByRole('button', { name: 'Add Ankara wrap dress' }));
    await user.selectOptions(screen.getByLabelText('Shipping option'), upcountry.name);
    expect(screen.getByText('Fill in the delivery details to see the total.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Town'), 'Kisumu');
    await user.type(screen.getByLabelText('Courier pickup office'), 'Easy Coach');
    expect(await screen.findByTestId('manual-order-total')).toHaveTextContent('Ksh 1,250');

    await user.click(screen.getByRole('button', { name: 'Create order and pay link' }));
    const done = await screen.findByRole('heading', { name: 'Order #78 created' });
    expect(done).toHaveFocus();
    expect(screen.getByText(/Sent by SMS to 0733 111 222/)).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/orders/manual')[0]!.body).toMatchObject({
      customer_id: 52,
      delivery_method_id: 3,
      delivery_town: 'Kisumu',
      delivery_pickup_office: 'Easy Coach',
      delivery_zone: null,
      delivery_address: null,
    });
  }, 20_000);
});
