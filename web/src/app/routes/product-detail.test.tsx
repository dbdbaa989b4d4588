import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import ProductDetailRoute from './product-detail';

afterEach(() => vi.unstubAllGlobals());

const jacket = {
  id: 5,
  name: 'Denim jacket',
  description: 'Blue denim, barely worn.',
  price: 1500,
  stock_quantity: 0,
  image_url: null,
  images: [],
  categories: [{ id: 1, name: 'Jackets' }],
  average_rating: 4.5,
  review_count: 2,
  size: 'M',
  brand: "Levi's",
  condition: 'like new',
  color: 'Blue',
  created_at: '2026-01-01T00:00:00.000Z',
};

const open = (path: string) => renderWithProviders(<ProductDetailRoute />, { path, route: '/products/:id' });

describe('product page', () => {
  it('shows the facts of the product, its rating and stock, and hides an empty related grid', async () => {
    mockApi({
      'GET /api/products/5': jacket,
      'GET /api/products/5/reviews': [],
      'GET /api/products/5/related': [],
    });
    open('/products/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Denim jacket' })).toBeInTheDocument();
    expect(screen.getByText('Ksh 1,500', { selector: '.product-price__now' })).toBeInTheDocument();
    expect(screen.getByText('(4.5 out of 5)')).toBeInTheDocument();
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
    // Sold: a greyed button that says so, not an Add to Cart that opens a modal.
    expect(screen.getByRole('button', { name: 'Sold out' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    for (const text of ['M', "Levi's", 'like new', 'Blue']) expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Denim jacket (no photo yet)' })).toBeInTheDocument();
    expect(await screen.findByText('No reviews yet. Be the first to review!')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Related Products' })).toBeNull();
    expect(screen.getByRole('button', { name: '← Back to Products' })).toBeInTheDocument();
  });

  it('says In cart (a link to the cart) for an item the shopper already has, and shows delivery and returns', async () => {
    signInAs();
    mockApi({
      'GET /api/products/5': { ...jacket, stock_quantity: 1 },
      'GET /api/products/5/reviews': [],
      'GET /api/products/5/related': [],
      'GET /api/cart': { cart_items: [{ id: 1, quantity: 1, product: { ...jacket, stock_quantity: 1 } }] },
      'GET /api/wishlist': [],
      'GET /api/config': {
        google_enabled: false,
        shop_returns_policy: 'Returns within 7 days.',
        shop_whatsapp: '254700',
      },
    });
    open('/products/5');
    expect(await screen.findByRole('link', { name: /In cart/ })).toHaveAttribute('href', '/cart');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    const info = screen.getByRole('region', { name: 'Delivery & returns' });
    expect(await within(info).findByText('Returns within 7 days.')).toBeInTheDocument();
    expect(within(info).getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/254700',
    );
  });

  it("says 'Product not found.' for a missing product", async () => {
    mockApi({ 'GET /api/products/999': { status: 404, body: { message: 'Product not found.' } } });
    open('/products/999');
    expect(await screen.findByRole('heading', { name: 'Product not found.' })).toBeInTheDocument();
  });
});
