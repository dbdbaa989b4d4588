import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, productReply, renderWithProviders, signInAs } from '@/lib/testing';
import { MakeOffer } from './make-offer';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MakeOffer', () => {
  it('brings a "too low" reply to the middle of the screen, clear of the phone\'s fixed buy bar', async () => {
    signInAs();
    const scrolled: { el: Element; options: unknown }[] = [];
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element, options: unknown) {
        scrolled.push({ el: this, options });
      },
    });
    mockApi({
      'GET /api/offer-rules': {
        all_items: true,
        floor_percent: 60,
        auto_accept_percent: 90,
        hold_hours: 24,
        max_rounds: 3,
      },
      'GET /api/offers/mine': [],
      'POST /api/products/5/offers': {
        status: 201,
        body: { message: 'That is too low: offers start at Ksh 900.', offer: { status: 'declined' } },
      },
    });
    renderWithProviders(
      <MakeOffer
        product={productReply({ id: 5, price: 1500, stock_quantity: 1 })}
        customerId={7}
        isAdmin={false}
        onSignIn={vi.fn()}
      />,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Make an offer' }));
    await user.type(screen.getByLabelText('Your price (Ksh)'), '100');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    const message = await screen.findByText('That is too low: offers start at Ksh 900.');
    expect(scrolled).toContainEqual({ el: message, options: { block: 'center', behavior: 'smooth' } });
  });
});
