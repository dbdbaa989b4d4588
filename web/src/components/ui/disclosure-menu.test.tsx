import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { Link } from '@/components/ui/link';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/lib/testing';
import { DisclosureMenu } from './disclosure-menu';

/** Taps the menu's button as a shopper on a slow phone can: after it is drawn, before any effect ran. */
function TapsAtOnce() {
  useLayoutEffect(() => screen.getByRole('button', { name: 'Products' }).click(), []);
  return null;
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('DisclosureMenu', () => {
  it('stays open when tapped before the page has finished starting, and closes on navigation', async () => {
    renderWithProviders(
      <>
        <DisclosureMenu label="Products">
          <li>
            <Link to="/products">All</Link>
          </li>
        </DisclosureMenu>
        <TapsAtOnce />
      </>,
      { path: '/' },
    );
    const button = screen.getByRole('button', { name: 'Products' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('list')).toHaveClass('show');

    screen.getByRole('link', { name: 'All' }).click();
    expect(await screen.findByRole('button', { name: 'Products', expanded: false })).toBeInTheDocument();
  });

  it('stays open when opened while the page the shopper was sent to was still loading, and closes on a later navigation', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(
      <DisclosureMenu label="Account">
        <li>
          <button type="button">My Account</button>
        </li>
      </DisclosureMenu>,
      { path: '/login' },
    );
    // Signing in moved the browser to the home page at once; the router draws that page only once
    // its code has arrived, and meanwhile the shopper opens the account menu.
    window.history.pushState(null, '', '/');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await act(() => router.navigate('/'));
    expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('list')).toHaveClass('show');

    // A navigation that starts after the menu was opened closes it.
    window.history.pushState(null, '', '/orders');
    await act(() => router.navigate('/orders'));
    expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'false');
  });
});
