import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '@/lib/auth-storage';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import { useSignInDialog } from '@/lib/auth/sign-in-dialog-context';
import { useRequireSignIn } from '@/lib/auth/use-require-sign-in';
import { SignInDialogProvider } from './sign-in-dialog-provider';

afterEach(() => vi.unstubAllGlobals());

function Guarded({ action }: { action: () => void }) {
  const requireSignIn = useRequireSignIn();
  return (
    <button type="button" onClick={() => requireSignIn(action)}>
      Add to Cart
    </button>
  );
}

function setup(action = vi.fn(), api: Parameters<typeof mockApi>[0] = {}) {
  const server = mockApi({ 'GET /api/config': { google_enabled: false, google_client_id: null }, ...api });
  const view = renderWithProviders(
    <SignInDialogProvider>
      <Guarded action={action} />
    </SignInDialogProvider>,
    { path: '/products/3' },
  );
  return { action, server, view, user: userEvent.setup() };
}

const user1 = { id: 3, name: 'Otieno', email: 'otieno@example.com', is_admin: false, email_verified: true };

/** Opens the dialog as a tap on a page still being hydrated does: before any effect of the page ran. */
function OpensAtOnce() {
  const { openSignIn } = useSignInDialog();
  useLayoutEffect(() => openSignIn(), [openSignIn]);
  return null;
}

describe('sign-in dialog', () => {
  it('stays open when Login is tapped before the page has finished starting (a slow phone)', async () => {
    mockApi({ 'GET /api/config': { google_enabled: false, google_client_id: null } });
    renderWithProviders(
      <SignInDialogProvider>
        <OpensAtOnce />
      </SignInDialogProvider>,
      { path: '/' },
    );
    expect(await screen.findByRole('dialog', { name: 'Welcome back' })).toBeVisible();
  });

  it('runs a sign-in-only action at once when signed in', async () => {
    signInAs();
    const { action, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(action).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens with Login and Register tabs when signed out, every field required', async () => {
    const { action, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const dialog = await screen.findByRole('dialog');
    expect(action).not.toHaveBeenCalled();

    expect(within(dialog).getByRole('tab', { name: 'Login', selected: true })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toBeRequired();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText('Password')).toBeRequired();

    await user.click(within(dialog).getByRole('tab', { name: 'Register' }));
    for (const label of ['Name', 'Email', 'Password', 'Confirm Password']) {
      expect(within(dialog).getByLabelText(label)).toBeRequired();
    }
    // Each password has its own show/hide toggle.
    const password = within(dialog).getByLabelText('Password');
    await user.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    // No Google option unless the server enables it.
    expect(within(dialog).queryByText('OR')).toBeNull();
  });

  it('does not call the server while required fields are empty', async () => {
    const { server, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(server.callsTo('POST /api/login')).toHaveLength(0);
  });

  it("shows the server's message when login fails, and stays signed out", async () => {
    const { action, server, user } = setup(vi.fn(), {
      'POST /api/login': { status: 401, body: { message: 'Invalid credentials' } },
    });
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email'), 'otieno@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(server.callsTo('POST /api/login')[0].body).toEqual({
      email: 'otieno@example.com',
      password: 'wrong-password',
    });
    expect(getToken()).toBeNull();
    expect(action).not.toHaveBeenCalled();
  });

  it('signs in, toasts, closes and resumes the action', async () => {
    const { action, user } = setup(vi.fn(), {
      'POST /api/login': { token: 'tok_9', user: user1, message: 'Logged in' },
    });
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email'), 'otieno@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'right-password');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(action).toHaveBeenCalledOnce());
    expect(getToken()).toBe('tok_9');
    expect(await screen.findByText('Logged in!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the first registration error the server gives', async () => {
    const { user } = setup(vi.fn(), {
      'POST /api/register': {
        status: 422,
        body: {
          message: 'The email has already been taken.',
          errors: { email: ['The email has already been taken.'] },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('tab', { name: 'Register' }));
    await user.type(within(dialog).getByLabelText('Name'), 'Otieno');
    await user.type(within(dialog).getByLabelText('Email'), 'otieno@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-123');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'secret-123');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The email has already been taken.');
    expect(getToken()).toBeNull();
  });

  it('puts the Google button above an OR divider when the server enables Google sign-in', async () => {
    const { user } = setup(vi.fn(), {
      'GET /api/config': { google_enabled: true, google_client_id: 'client-1.apps.googleusercontent.com' },
    });
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const dialog = await screen.findByRole('dialog');
    const divider = await within(dialog).findByText('OR');
    const form = within(dialog).getByRole('form', { name: 'Login' });
    expect(divider.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
