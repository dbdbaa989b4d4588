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
});
