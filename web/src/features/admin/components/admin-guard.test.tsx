import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInDialogContext } from '@/lib/auth/sign-in-dialog-context';
import { signIn } from '@/lib/auth-storage';
import { toast } from '@/lib/toast';
import { AdminGuard } from './admin-guard';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

afterEach(() => vi.mocked(toast.error).mockClear());

function renderGuarded() {
  const openSignIn = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/admin/orders',
        element: (
          <AdminGuard>
            <h1>Manage Orders</h1>
          </AdminGuard>
        ),
      },
      { path: '/', element: <h1>Home</h1> },
    ],
    { initialEntries: ['/admin/orders'] },
  );
  render(
    <SignInDialogContext.Provider value={{ openSignIn }}>
      <RouterProvider router={router} />
    </SignInDialogContext.Provider>,
  );
  return { openSignIn, router };
}

describe('admin guard', () => {
  it('opens the sign-in dialog for a visitor and shows the screen once an admin signs in', async () => {
    const user = userEvent.setup();
    const { openSignIn, router } = renderGuarded();
    expect(openSignIn).toHaveBeenCalledWith(expect.objectContaining({ tab: 'login' }));
    expect(screen.queryByRole('heading', { name: 'Manage Orders' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Please sign in' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(openSignIn).toHaveBeenCalledTimes(2);

    act(() => signIn('admin-token', { id: 1, name: 'Wanjiru', email: 'admin@mtumba.test', is_admin: true }));
    expect(screen.getByRole('heading', { name: 'Manage Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/orders');
  });

  it("sends a customer home with 'Admins only.'", async () => {
    signIn('customer-token', { id: 2, name: 'Achieng', email: 'achieng@example.test', is_admin: false });
    const { router } = renderGuarded();
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(toast.error).toHaveBeenCalledWith('Admins only.', expect.anything());
  });

  it('lets an admin in', () => {
    signIn('admin-token', { id: 1, name: 'Wanjiru', email: 'admin@mtumba.test', is_admin: true });
    const { openSignIn } = renderGuarded();
    expect(screen.getByRole('heading', { name: 'Manage Orders' })).toBeInTheDocument();
    expect(openSignIn).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
