import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LanguageProvider, loadLanguage } from '@/i18n';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import { CartView } from './cart-view';

beforeAll(() => loadLanguage('sw'));
afterEach(() => vi.unstubAllGlobals());

describe('the cart in Kiswahili', () => {
  it('says the cart is empty and offers to go on shopping', async () => {
    signInAs();
    mockApi({ 'GET /api/cart': { cart_items: [] } });
    renderWithProviders(
      <LanguageProvider language="sw">
        <CartView />
      </LanguageProvider>,
    );
    expect(await screen.findByText('Kikapu chako hakina kitu.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Endelea Kununua' })).toHaveAttribute('href', '/products');
  });

  it('names the columns, the steppers and the total in Kiswahili', async () => {
    signInAs();
    mockApi({
      'GET /api/cart': {
        cart_items: [
          { id: 1, quantity: 2, product: { id: 10, name: 'Kikoi', price: 400, image_url: null, stock_quantity: 3 } },
        ],
      },
    });
    renderWithProviders(
      <LanguageProvider language="sw">
        <CartView />
      </LanguageProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Ongeza idadi ya Kikoi' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Bei ya kimoja' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Safisha Kikapu' })).toBeInTheDocument();
    expect(screen.getByText('Jumla:')).toBeInTheDocument();
  });
});
