import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayLinkView } from '@mtumba/contract/manual-order';
import { mockApi, renderWithProviders } from '@/lib/testing';
import { PayLinkScreen } from './pay-link-screen';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = '12.1900000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

function view(overrides: Partial<PayLinkView> = {}): PayLinkView {
  return {
    shop: { name: 'Mtumba', whatsapp: '254712345678' },
    order: {
      id: 12,
      customer_first_name: 'Achieng',
      order_status: 'pending',
      payment_status: 'unpaid',
      items: [{ name: 'Ankara wrap dress', quantity: 1, price: 1000, subtotal: 1000, image_url: null }],
      subtotal: 1000,
      discount_amount: 100,
      delivery_fee: 0,
      total_amount: 900,
      applied_discounts: ['Shop discount'],
      shipping_address: 'Paid custom delivery',
    },
    expires_at: '2030-01-01T10:00:00.000Z',
    can_pay: true,
    state: 'payable',
    ...overrides,
  };
}

describe('PayLinkScreen', () => {
  it('shows the order and starts the payment for the link’s order without signing in', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const server = mockApi({
      [`GET /api/pay-links/${TOKEN}`]: view(),
      [`POST /api/pay-links/${TOKEN}/initiate`]: {
        status: 201,
        body: { checkout_url: 'http://shop.test/pay/sandbox/MT-12-X', reference: 'MT-12-X', provider: 'sandbox' },
      },
    });
    renderWithProviders(<PayLinkScreen token={TOKEN} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Achieng, your order #12' })).toBeInTheDocument();
    expect(screen.getByText('Ankara wrap dress')).toBeInTheDocument();
    expect(screen.getByTestId('pay-link-total')).toHaveTextContent('Ksh 900');
    expect(screen.getByText(/paid to the rider on arrival/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay Ksh 900 on the payment page' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://shop.test/pay/sandbox/MT-12-X'));
    expect(server.callsTo(`POST /api/pay-links/${TOKEN}/initiate`)[0]!.body).toEqual({ order_id: 12 });
  });

  it('shows a paid order as paid, with no Pay button', async () => {
    mockApi({ [`GET /api/pay-links/${TOKEN}`]: view({ state: 'paid', can_pay: false }) });
    renderWithProviders(<PayLinkScreen token={TOKEN} />);
    expect(await screen.findByTestId('pay-link-state')).toHaveTextContent('Paid — thank you!');
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('says why an expired or changed link cannot be used', async () => {
    mockApi({
      [`GET /api/pay-links/${TOKEN}`]: {
        status: 410,
        body: { message: 'This pay link has expired. Please ask the shop for a new one.' },
      },
    });
    renderWithProviders(<PayLinkScreen token={TOKEN} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This pay link has expired. Please ask the shop for a new one.',
    );
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });
});
