import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/lib/testing';
import { ForgotPasswordForm } from './forgot-password-form';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ForgotPasswordForm', () => {
  it("says 'Sending reset link…' while busy, shows the reply, then goes to /login after 3 s", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { router } = renderWithProviders(<ForgotPasswordForm />, {
      path: '/forgot-password',
      routes: [{ path: '/login', element: <p>Login page</p> }],
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('button', { name: 'Sending reset link…' })).toBeDisabled();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    answer(new Response(JSON.stringify({ message: 'A reset link is on its way.' }), { status: 200 }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('status')).toHaveTextContent('A reset link is on its way.');
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(router.state.location.pathname).toBe('/forgot-password');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server's message, or 'Unable to send reset link'", async () => {
    mockApi({ 'POST /api/forgot-password': { status: 500, body: {} } });
    renderWithProviders(<ForgotPasswordForm />, { path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to send reset link');
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
  });
});
