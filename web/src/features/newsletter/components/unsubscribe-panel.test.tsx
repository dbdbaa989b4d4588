import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/lib/testing';
import { UnsubscribePanel } from './unsubscribe-panel';

afterEach(() => vi.unstubAllGlobals());

describe('unsubscribe page', () => {
  it('changes nothing on opening; the button unsubscribes the address of the link', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/unsubscribe': { email: 'wa*****@example.com', subscribed: true },
      'POST /api/unsubscribe': {
        email: 'wa*****@example.com',
        subscribed: false,
        message: 'You will get no more new-arrival e-mails.',
      },
    });
    renderWithProviders(<UnsubscribePanel token="signed.token" />);
    expect(await screen.findByText('wa*****@example.com')).toBeInTheDocument();
    expect(api.callsTo('POST /api/unsubscribe')).toHaveLength(0);
    expect(api.callsTo('GET /api/unsubscribe')[0].url.searchParams.get('token')).toBe('signed.token');

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Done. wa*****@example.com will get no more new-arrival e-mails.',
    );
    expect(api.callsTo('POST /api/unsubscribe')[0].body).toEqual({ token: 'signed.token' });
  });

  it('names the shopper alerts a cart-reminder link stops', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/unsubscribe': { email: 'wa*****@example.com', subscribed: true },
      'POST /api/unsubscribe': { email: 'wa*****@example.com', subscribed: false, message: 'x' },
    });
    renderWithProviders(<UnsubscribePanel token="a.12.cart.signature" />);
    expect(await screen.findByText(/Stop cart reminders to/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Done. wa*****@example.com will get no more cart reminders.',
    );
  });

  it("shows the server's message for a link it did not sign", async () => {
    mockApi({
      'GET /api/unsubscribe': {
        status: 422,
        body: { message: 'This unsubscribe link is not valid. Use the link from your latest e-mail.' },
      },
    });
    renderWithProviders(<UnsubscribePanel token="forged" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });
});
