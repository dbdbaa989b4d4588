import type { OrderJson } from '@mtumba/contract/order';
import { PHONE_HINT } from '@mtumba/contract/phone';
import { MPESA_PHONE_MESSAGE } from '@mtumba/contract/mpesa';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LanguageProvider, loadLanguage, tOf } from '@/i18n';
import en from '@/i18n/catalogs/en/buy.json';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import { OrderCheckout } from './order-checkout';

beforeAll(() => loadLanguage('sw'));
afterEach(() => vi.unstubAllGlobals());

const order = {
  id: 21,
  user: { id: 7, name: 'Wanjiku' },
  order_status: 'pending',
  payment_status: 'unpaid',
  subtotal: 900,
  discount_amount: 0,
  delivery_fee: 50,
  total_amount: 950,
  applied_discounts: [],
  shipping_address: 'CBD Delivery',
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
      price: '900.00',
      subtotal: 900,
      product: { id: 10, name: 'Kitenge dress', image_url: null },
    },
  ],
  orderItems: [],
  history: [],
} as unknown as OrderJson;

describe('checkout in Kiswahili', () => {
  it('offers Lipa kwa M-Pesa and the card page in Kiswahili', async () => {
    signInAs();
    mockApi({
      'GET /api/orders/21': order,
    });
    renderWithProviders(
      <LanguageProvider language="sw">
        <OrderCheckout orderId={21} />
      </LanguageProvider>,
    );

    const mpesa = await screen.findByRole('form', { name: 'Lipa kwa M-Pesa' });
    expect(within(mpesa).getByLabelText('Namba ya simu ya M-Pesa')).toHaveValue('0712 345 678');
    expect(within(mpesa).getByRole('button', { name: 'Lipa Ksh 950 kwa M-Pesa' })).toBeEnabled();
    expect(mpesa).toHaveTextContent('au lipa kwenye ukurasa wa malipo (Kadi au M-Pesa)');
    expect(within(mpesa).getByRole('button', { name: 'Lipa Sasa' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Muhtasari' })).toBeInTheDocument();
    expect(screen.getByText('Jumla ndogo')).toBeInTheDocument();
    expect(screen.getByText('Ada ya uwasilishaji')).toBeInTheDocument();
    expect(screen.getByText(/Bidhaa zako zimehifadhiwa kwa ajili yako hadi/)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('Pay Now');
  });

  it('keeps the English of the messages it shows for the contract’s sentences', () => {
    // the catalog stands in for these contract sentences: the English must stay the same
    const t = tOf(en);
    expect(t('co.phoneHint')).toBe(PHONE_HINT);
    expect(t('mp.phoneMissing')).toBe(MPESA_PHONE_MESSAGE);
  });
});
