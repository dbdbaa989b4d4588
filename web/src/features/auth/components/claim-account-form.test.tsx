import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser } from '@/lib/auth-storage';
import { mockApi, renderWithProviders } from '@/lib/testing';
import { ClaimAccountForm } from './claim-account-form';

afterEach(() => vi.unstubAllGlobals());

describe('ClaimAccountForm', () => {
  it('greets the customer the shop knew by phone, sets the e-mail and password, and signs them in', async () => {
    const api = mockApi({
      'GET /api/account-claims/tok123': {
        name: 'Akinyi Odhiambo',
        phone: '0712 345 678',
        expires_at: '2030-01-01T00:00:00.000Z',
      },
      'POST /api/account-claims/tok123': {
        status: 201,
        body: {
          token: 'mt_session',
          user: {
            id: 5,
            name: 'Akinyi Odhiambo',
            email: 'akinyi@example.com',
            is_admin: false,
            email_verified: false,
            pending_email: null,
          },
          message: 'Your account is ready. Please check your email to verify your address.',
        },
      },
    });
    renderWithProviders(<ClaimAccountForm token="tok123" />);
    const user = userEvent.setup();

    expect(await screen.findByText(/Hi Akinyi, the shop placed your order for 0712 345 678/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'akinyi@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long enough pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'a long enough pass');
    await user.click(screen.getByRole('button', { name: 'Set up my account' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your account is ready.');
    expect(screen.getByRole('link', { name: 'See my orders' })).toHaveAttribute('href', '/orders');
    expect(api.callsTo('POST /api/account-claims/tok123')[0]!.body).toEqual({
      email: 'akinyi@example.com',
      password: 'a long enough pass',
      password_confirmation: 'a long enough pass',
    });
    expect(getStoredUser()?.email).toBe('akinyi@example.com');
  });

  it('says why a used or expired link does not work, and offers no form', async () => {
    mockApi({
      'GET /api/account-claims/old': {
        status: 410,
        body: { message: 'This link has expired. Please ask the shop to send you a new one.' },
      },
    });
    renderWithProviders(<ClaimAccountForm token="old" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
    expect(screen.queryByRole('button', { name: 'Set up my account' })).toBeNull();
  });
});
