import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LanguageProvider, loadLanguage } from '@/i18n';
import { orderFixture } from '@/features/orders/test-fixtures';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import { orderStatusMessage } from '@/features/notifications/components/live-updates';
import OrdersRoute from './orders';
import OrderDetailRoute from './order-detail';
import WishlistRoute from './wishlist';

// A shopper reading the shop in Kiswahili: their orders, an order's status and an empty wishlist.
beforeAll(() => loadLanguage('sw'));
afterEach(() => vi.unstubAllGlobals());

describe('orders and wishlist in Kiswahili', () => {
  it('shows the orders page with its heading, status names and sorts in Kiswahili', async () => {
    signInAs();
    mockApi({
      'GET /api/orders': [
        orderFixture({ id: 31, order_status: 'shipped', payment_status: 'paid' }),
        orderFixture({ id: 32, order_status: 'cancelled' }),
      ],
    });
    renderWithProviders(
      <LanguageProvider language="sw">
        <OrdersRoute />
      </LanguageProvider>,
      { path: '/orders', route: '/orders' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Oda Zangu' })).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'Oda #31' })).closest('article')!;
    expect(within(card).getByText('Imetumwa', { selector: '.tag' })).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Hatua za oda #31' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Angalia maelezo' })).toBeInTheDocument();
    const cancelled = screen.getByRole('heading', { name: 'Oda #32' }).closest('article')!;
    expect(within(cancelled).getByText('✕ Imeghairiwa')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inasubiri' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('combobox', { name: 'Panga kwa' })).toHaveDisplayValue('Mpya kwanza');
  });

  it('shows an order, its status history and cancel request in Kiswahili', async () => {
    signInAs();
    mockApi({
      'GET /api/orders/40': orderFixture({
        id: 40,
        order_status: 'processing',
        payment_status: 'paid',
        history: [
          {
            from_status: null,
            to_status: 'pending',
            actor: 'customer',
            note: null,
            move: null,
            created_at: '2026-03-01T09:00:00Z',
          },
          {
            from_status: 'pending',
            to_status: 'processing',
            actor: 'admin',
            note: null,
            move: null,
            created_at: '2026-03-02T09:00:00Z',
          },
        ],
      }),
    });
    renderWithProviders(
      <LanguageProvider language="sw">
        <OrderDetailRoute />
      </LanguageProvider>,
      { path: '/orders/40', route: '/orders/:orderId' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Oda #40' })).toBeInTheDocument();
    expect(screen.getByText('Inaandaliwa', { selector: '.tag' })).toBeInTheDocument();
    expect(screen.getByText('Imewekwa (Inasubiri)')).toBeInTheDocument();
    expect(screen.getByText('Inasubiri → Inaandaliwa')).toBeInTheDocument();
    expect(screen.getByText(/^na duka,/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Omba kughairi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Rudi kwenye oda zangu' })).toBeInTheDocument();
  });

  it('says an empty wishlist is empty in Kiswahili', async () => {
    signInAs();
    mockApi({ 'GET /api/wishlist': [] });
    renderWithProviders(
      <LanguageProvider language="sw">
        <WishlistRoute />
      </LanguageProvider>,
      { path: '/wishlist', route: '/wishlist' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Vipendwa Vyako' })).toBeInTheDocument();
    expect(await screen.findByText('Bado hujaweka chochote kwenye vipendwa.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Angalia bidhaa' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Tafuta kwenye vipendwa vyako' })).toBeInTheDocument();
  });

  it('words a live status change in the language the page is in', () => {
    const before = document.documentElement.lang;
    document.documentElement.lang = 'sw';
    try {
      expect(orderStatusMessage(12, 'delivered')).toBe('Hali ya oda #12 imebadilika kuwa: Imefika');
    } finally {
      document.documentElement.lang = before;
    }
    expect(orderStatusMessage(12, 'delivered')).toBe('Order #12 status changed to Delivered');
  });
});
