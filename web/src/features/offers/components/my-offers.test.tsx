import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PriceOfferJson } from '@mtumba/contract/price-offers';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import { MyOffers } from './my-offers';

afterEach(() => vi.unstubAllGlobals());

const offer = (over: Partial<PriceOfferJson>): PriceOfferJson => ({
  id: 1,
  product_id: 5,
  product_name: 'Denim jacket',
  image_url: null,
  status: 'open',
  list_price: 1500,
  offer_price: 1200,
  counter_price: null,
  agreed_price: null,
  rounds: 0,
  max_rounds: 3,
  waiting_for: 'shop',
  note: null,
  hold_until: null,
  order_id: null,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
  ...over,
});

describe('MyOffers', () => {
  it('names the round only once there is one: never "round 0 of 3"', async () => {
    signInAs();
    mockApi({
      'GET /api/offers/mine': [offer({ id: 1 }), offer({ id: 2, product_name: 'Wool coat', rounds: 2 })],
    });
    renderWithProviders(<MyOffers customerId={7} />);
    const first = await screen.findByTestId('offer-1');
    expect(first).toHaveTextContent('Price Ksh 1,500');
    expect(first).not.toHaveTextContent(/round/);
    expect(screen.getByTestId('offer-2')).toHaveTextContent('Price Ksh 1,500 · round 2 of 3');
  });
});
