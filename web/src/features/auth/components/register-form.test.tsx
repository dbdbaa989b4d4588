import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, getUnverifiedEmail } from '@/lib/auth-storage';
import { renderWithProviders } from '@/lib/testing';
import { REGISTERED_MESSAGE, RegisterForm } from './register-form';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('RegisterForm', () => {
  it('signs in, keeps the e-mail as unverified, says so, and goes to /verify-email after 2.5 s', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { router } = renderWithProviders(<RegisterForm />, {
      path: '/register',
      routes: [{ path: '/verify-email', element: <p>Verify page</p> }],
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Otieno');
    await user.type(screen.getByLabelText('Email'), 'otieno@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const user9 = { id: 9, name: 'Otieno', email: 'otieno@example.com', is_admin: false, email_verified: false };
    answer(new Response(JSON.stringify({ token: 'tok_9', user: user9, message: 'Registered.' }), { status: 201 }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('status')).toHaveTextContent(REGISTERED_MESSAGE);
    expect(getToken()).toBe('tok_9');
    expect(getUnverifiedEmail()).toBe('otieno@example.com');

    await act(() => vi.advanceTimersByTimeAsync(2499));
    expect(router.state.location.pathname).toBe('/register');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/verify-email');
  });
});
