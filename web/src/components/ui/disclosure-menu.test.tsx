import { screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/lib/testing';
import { DisclosureMenu } from './disclosure-menu';

/** Taps the menu's button as a shopper on a slow phone can: after it is drawn, before any effect ran. */
function TapsAtOnce() {
  useLayoutEffect(() => screen.getByRole('button', { name: 'Products' }).click(), []);
  return null;
}

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
});
