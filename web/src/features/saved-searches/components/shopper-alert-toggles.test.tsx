import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/lib/testing';
import { ShopperAlertToggles } from './shopper-alert-toggles';

afterEach(() => vi.unstubAllGlobals());

describe('wishlist and cart alert switches', () => {
  it('show the saved choices and turn one on without touching the other', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/user/alert-preferences': { wishlist_alerts: false, cart_reminders: true },
      'PUT /api/user/alert-preferences': { wishlist_alerts: true, cart_reminders: true },
    });
    renderWithProviders(<ShopperAlertToggles />);
    const wishlist = await screen.findByLabelText(/wishlist gets cheaper/);
    const cart = screen.getByLabelText(/cart I leave for a day/);
    await vi.waitFor(() => expect(cart).toBeChecked());
    expect(wishlist).not.toBeChecked();

    await user.click(wishlist);
    await vi.waitFor(() => expect(wishlist).toBeChecked());
    expect(api.callsTo('PUT /api/user/alert-preferences')[0].body).toEqual({
      wishlist_alerts: true,
      cart_reminders: true,
    });
  });

  it('moves the switch at once while the choice is saved, and back when the server refuses', async () => {
    const user = userEvent.setup();
    let answer: (reply: unknown) => void = () => {};
    mockApi({
      'GET /api/user/alert-preferences': { wishlist_alerts: false, cart_reminders: false },
      'PUT /api/user/alert-preferences': () => new Promise((resolve) => (answer = resolve)),
    });
    renderWithProviders(<ShopperAlertToggles />);
    const cart = await screen.findByLabelText(/cart I leave for a day/);
    await vi.waitFor(() => expect(cart).toBeEnabled());

    await user.click(cart);
    // the server has not answered yet
    expect(cart).toBeChecked();
    answer({ status: 500, body: { message: 'Server error' } });
    await vi.waitFor(() => expect(cart).not.toBeChecked());
  });
});
