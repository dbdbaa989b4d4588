import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    // The rating line sits with the reviews, not in the buy box beside the price and buttons.
    const reviews = screen.getByRole('region', { name: 'Customer Reviews' });
    expect(within(reviews).getByText('(4.5 out of 5)')).toBeInTheDocument();
    expect(within(reviews).getByText('2 reviews')).toBeInTheDocument();
    expect(screen.getAllByText(/out of 5\)/)).toHaveLength(1);
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

  it('shows the measurements and flaw notes as one block, and nothing when there are none', async () => {
    mockApi({
      'GET /api/products/5': {
        ...jacket,
        measurements: { pit_to_pit: 54, length: 72.5 },
        flaws: 'Small mark on the left cuff.',
      },
      'GET /api/products/5/reviews': [],
      'GET /api/products/5/related': [],
    });
    open('/products/5');
    const block = await screen.findByRole('region', { name: 'Measurements & condition notes' });
    expect(within(block).getByText('Pit to pit').nextSibling).toHaveTextContent('54 cm');
    expect(within(block).getByText('Length').nextSibling).toHaveTextContent('72.5 cm');
    expect(within(block).queryByText('Waist')).toBeNull();
    expect(block).toHaveTextContent('Flaws: Small mark on the left cuff.');
  });

  it('has no measurements block without measurements or flaws', async () => {
    mockApi({
      'GET /api/products/5': { ...jacket, measurements: {}, flaws: null },
      'GET /api/products/5/reviews': [],
      'GET /api/products/5/related': [],
    });
    open('/products/5');
    await screen.findByRole('heading', { level: 1, name: 'Denim jacket' });
    expect(screen.queryByRole('region', { name: 'Measurements & condition notes' })).toBeNull();
  });

  it('opens a photo full screen on a tap, zooms it, moves with the arrow keys and closes with Escape', async () => {
    const images = [1, 2].map((n) => ({
      id: n,
      image_url: `/uploads/p${n}-640.webp`,
      srcset: `/uploads/p${n}-320.webp 320w, /uploads/p${n}-1280.webp 1280w`,
      width: 640,
      height: 800,
    }));
    mockApi({
      'GET /api/products/5': { ...jacket, images, image_url: images[0]!.image_url },
      'GET /api/products/5/reviews': [],
      'GET /api/products/5/related': [],
    });
    open('/products/5');
    const user = userEvent.setup();
    const opener = await screen.findByRole('button', { name: 'Enlarge photo 2 of 2' });
    await user.click(opener);
    const viewer = screen.getByRole('dialog', { name: 'Photo 2 of 2' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('srcset', images[1]!.srcset);
    expect(within(viewer).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(within(viewer).getByRole('button', { name: 'Zoom in' }));
    expect(within(viewer).getByRole('img')).toHaveClass('is-zoomed');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Photo 1 of 2' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('img')).not.toHaveClass('is-zoomed');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('builds "Delivery & returns" from the active delivery methods', async () => {
    mockApi({
      'GET /api/products/5': { ...jacket, stock_quantity: 1 },
      'GET /api/products/5/reviews': [],
      'GET /api/products/5/related': [],
      'GET /api/delivery-methods': [
        {
          id: 1,
          name: 'CBD pickup',
          kind: 'pickup',
          fee: 50,
          free_over: 1000,
          zones: [],
          note: null,
          min_days: 1,
          max_days: 2,
        },
        {
          id: 2,
          name: 'Nairobi doorstep delivery',
          kind: 'doorstep',
          fee: 250,
          free_over: null,
          zones: [],
          note: null,
          min_days: 1,
          max_days: 3,
        },
      ],
    });
    open('/products/5');
    const info = await screen.findByRole('region', { name: 'Delivery & returns' });
    expect(await within(info).findByText(/Nairobi doorstep delivery/)).toBeInTheDocument();
    const lines = within(info)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines[0]).toMatch(/^CBD pickup: Ksh 50, free above Ksh 1,000 · ready for pickup in/);
    expect(lines[1]).toMatch(/^Nairobi doorstep delivery: Ksh 250 · delivered in/);
    expect(screen.getAllByRole('region', { name: /Delivery & returns|When it reaches you/ })).toHaveLength(1);
  });
});
