import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '@mtumba/contract/product';
import { LanguageProvider, loadLanguage } from '@/i18n';
import { mockApi, productReply, renderWithProviders, signInAs } from '@/lib/testing';
import ProductsRoute from '@/app/routes/products';
import { productDescription } from '@/ssr/seo';
import { ProductGrid } from './product-grid';

afterEach(() => vi.unstubAllGlobals());
beforeAll(() => loadLanguage('sw'));

const product = (over: Partial<Product>): Product =>
  productReply({ id: 1, name: 'Denim jacket', price: 1500, image_url: null, images: [], ...over });

describe('the shop in Kiswahili', () => {
  it('product cards offer "Weka kwenye kikapu", mark a sold item Imeuzwa and toast in Kiswahili', async () => {
    signInAs();
    mockApi({ 'GET /api/wishlist': [], 'GET /api/cart': { cart_items: [] }, 'POST /api/cart/add': { message: 'x' } });
    renderWithProviders(
      <LanguageProvider language="sw">
        <ProductGrid
          products={[
            product({ size: 'M', condition: 'like new' }),
            product({ id: 2, name: 'Kitenge dress', stock_quantity: 0 }),
          ]}
        />
      </LanguageProvider>,
    );
    const jacket = screen.getByRole('article', { name: 'Denim jacket' });
    const dress = screen.getByRole('article', { name: 'Kitenge dress' });
    expect(within(jacket).getByRole('button', { name: 'Weka kwenye Vipendwa' })).toBeInTheDocument();
    expect(within(jacket).getByText('M · kama mpya')).toBeInTheDocument();
    expect(within(dress).getByText('IMEUZWA')).toBeInTheDocument();
    expect(within(dress).getByText('Imeuzwa')).toBeInTheDocument();
    expect(within(dress).queryByRole('button', { name: 'Weka kwenye kikapu' })).toBeNull();

    await userEvent.setup().click(within(jacket).getByRole('button', { name: 'Weka kwenye kikapu' }));
    expect(await screen.findByText('Imewekwa kwenye kikapu!')).toBeInTheDocument();
  });

  it('the product list has its heading, sort, count and filters in Kiswahili', async () => {
    mockApi({
      'GET /api/categories': [],
      'GET /api/products': {
        body: [product({ id: 1 }), product({ id: 2, name: 'Kitenge dress' })],
        headers: { 'X-Total-Count': '2' },
      },
      'GET /api/products/facets': { sizes: [{ value: 'M', count: 2 }], conditions: [], colors: [], prices: [] },
      'GET /api/wishlist': [],
      'GET /api/cart': { cart_items: [] },
    });
    renderWithProviders(
      <LanguageProvider language="sw">
        <ProductsRoute />
      </LanguageProvider>,
      { path: '/products', route: '/products' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Bidhaa Zote' })).toBeInTheDocument();
    const sort = screen.getByRole('combobox', { name: 'Panga kwa' });
    expect(within(sort).getByRole('option', { name: 'Bei: Chini hadi Juu' })).toBeInTheDocument();
    expect(await screen.findByText('bidhaa 2')).toBeInTheDocument();
    expect(screen.getByRole('search')).toHaveTextContent('Tafuta');
    expect(await screen.findByRole('group', { name: 'Saizi' })).toBeInTheDocument();
  });

  it('describes a sold product for search results in Kiswahili', () => {
    const sold = product({ stock_quantity: 0, size: 'M', condition: 'good', description: '' });
    expect(productDescription(sold, 'sw')).toBe('Imeuzwa. Ksh 1,500. Denim jacket (Saizi M · nzuri)');
    expect(productDescription(sold)).toBe('Sold. Ksh 1,500. Denim jacket (Size M · good)');
  });
});
