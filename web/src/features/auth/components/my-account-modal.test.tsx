import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser, signIn } from '@/lib/auth-storage';
import { renderWithProviders } from '@/lib/testing';
import MyAccountModal from './my-account-modal';

const USER = { id: 7, name: 'Achieng', email: 'achieng@example.com', is_admin: false, email_verified: true };
const SESSIONS = [
  {
    id: 1,
    browser: 'Chrome on Android',
    signed_in_with: 'password',
    created_at: '2026-11-01T10:00:00.000Z',
    last_used_at: '2026-11-22T10:00:00.000Z',
    current: true,
  },
  {
    id: 2,
    browser: 'Firefox on Windows',
    signed_in_with: 'password',
    created_at: '2026-10-01T10:00:00.000Z',
    last_used_at: '2026-11-20T10:00:00.000Z',
    current: false,
  },
];

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A stand-in API: answers by method and path, and records each call. */
function fakeApi(answers: Record<string, (body: unknown) => [number, unknown]>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace(/^\/api/, '');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const answer = answers[`${method} ${path}`];
      const [status, json] = answer ? answer(body) : [404, { message: 'Not found.' }];
      return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('MyAccountModal', () => {
  it('lists the signed-in browsers and signs out everywhere else', async () => {
    signIn('tok_7', USER);
    let sessions = SESSIONS;
    const calls = fakeApi({
      'GET /user/sessions': () => [200, { sessions }],
      'DELETE /user/sessions/others': () => {
        sessions = SESSIONS.slice(0, 1);
        return [200, { message: 'Signed out everywhere else.', revoked: 1 }];
      },
    });
    renderWithProviders(<MyAccountModal show onHide={() => {}} />);
    const list = await screen.findByRole('list', { name: 'Signed-in sessions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Chrome on Android')).toBeInTheDocument();
    expect(within(list).getByText('This browser')).toBeInTheDocument();
    expect(within(list).getByText('Firefox on Windows')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/user/sessions/others', body: undefined },
    ]);
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('sends the current password with a new e-mail and shows the address waiting for verification', async () => {
    signIn('tok_7', USER);
    const newEmail = 'achieng.new@example.com';
    const calls = fakeApi({
      'GET /user/sessions': () => [200, { sessions: SESSIONS.slice(0, 1) }],
      'PUT /user': (body) => {
        const b = body as { current_password?: string };
        if (b.current_password !== 'my-password') {
          return [
            422,
            {
              message: 'The current password field is required to change your e-mail address.',
              errors: { current_password: ['The current password field is required to change your e-mail address.'] },
            },
          ];
        }
        return [200, { user: { ...USER, pending_email: newEmail }, message: 'Profile updated.' }];
      },
    });
    renderWithProviders(<MyAccountModal show onHide={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Account' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByLabelText('Email'));
    await user.paste(newEmail);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('The current password field is required to change your e-mail address.'),
    ).toBeInTheDocument();

    await user.click(screen.getByLabelText('Current Password'));
    await user.paste('my-password');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Waiting for verification')).toBeInTheDocument();
    expect(screen.getByText(newEmail)).toBeInTheDocument();
    expect(getStoredUser()).toMatchObject({ email: USER.email, pending_email: newEmail });
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({
      email: newEmail,
      current_password: 'my-password',
    });
  });

  it('stays signed in when the server e-mails a link to confirm the deletion instead of deleting', async () => {
    signIn('tok_7', USER);
    const calls = fakeApi({
      'GET /user/sessions': () => [200, { sessions: SESSIONS.slice(0, 1) }],
      'DELETE /user': () => [
        200,
        {
          message:
            'We e-mailed you a link to confirm deleting your account (it works once, within 60 minutes). Your account stays until you follow it.',
          deleted: false,
          confirmation_sent: true,
        },
      ],
    });
    renderWithProviders(<MyAccountModal show onHide={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Delete My Account' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/user')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Delete Account' })).toBeInTheDocument();
    expect(getStoredUser()).toMatchObject({ email: USER.email });
  });
});
