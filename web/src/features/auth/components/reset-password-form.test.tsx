import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/lib/testing';
import { INVALID_RESET_LINK, ResetPasswordForm } from './reset-password-form';

afterEach(() => vi.unstubAllGlobals());

describe('ResetPasswordForm', () => {
  it.each([
    ['no token or email', '/reset-password'],
    ['no token', '/reset-password?email=a%40b.co'],
    ['no email', '/reset-password?token=abc'],
  ])('says the link is invalid and disables the button when the link has %s', (_case, path) => {
    const api = mockApi({});
    renderWithProviders(<ResetPasswordForm />, { path });
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_RESET_LINK);
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('prefills the e-mail, sends token, e-mail and both passwords, and shows the server message', async () => {
    const api = mockApi({ 'POST /api/reset-password': { message: 'Your password has been reset.' } });
    renderWithProviders(<ResetPasswordForm />, { path: '/reset-password?token=tok123&email=amina%40example.com' });
    const user = userEvent.setup();

    expect(screen.queryByText(INVALID_RESET_LINK)).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveValue('amina@example.com');
    await user.type(screen.getByLabelText('New Password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Your password has been reset.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/reset-password')[0].body).toEqual({
      token: 'tok123',
      email: 'amina@example.com',
      password: 'new-secret-1',
      password_confirmation: 'new-secret-1',
    });
  });

  it("shows the server's refusal", async () => {
    mockApi({ 'POST /api/reset-password': { status: 422, body: { message: 'Invalid or expired reset link.' } } });
    renderWithProviders(<ResetPasswordForm />, { path: '/reset-password?token=old&email=amina%40example.com' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired reset link.');
  });
});
