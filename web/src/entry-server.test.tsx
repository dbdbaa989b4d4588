import type { PublicConfigReply } from '@mtumba/contract/account';
import type { Product } from '@mtumba/contract/product';
import type { Review } from '@mtumba/contract/review';
import type { CatalogueSource, RenderedPage } from '@mtumba/contract/storefront';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server';

const product: Product = {
  id: 7,
  name: 'Kitenge Maxi Dress',
  description: 'Bold orange and blue wax print, worn once to a wedding.',
  price: 1800,
  compare_at_price: null,
  stock_quantity: 1,
  image_url: '/uploads/dress-640.webp',
  images: [
    {
      id: 1,
      image_url: '/uploads/dress-640.webp',
      srcset: '/uploads/dress-320.webp 320w, /uploads/dress-640.webp 640w',
      width: 640,
      height: 800,
    },
  ],
  categories: [{ id: 1, name: 'Dresses' }],
  average_rating: 0,
  review_count: 0,
  size: 'M',
  brand: null,
  condition: 'like new',
  color: 'Orange',
  measurements: {},
  flaws: null,
  is_featured: false,
  is_trending: false,
  negotiable: true,
  reserved: false,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  status: 'published',
  publish_at: null,
};

const config: PublicConfigReply = {
  google_client_id: null,
  google_enabled: false,
  shop_name: 'Mtumba',
  payment_provider: 'sandbox',
  pusher_key: null,
  shop_email: 'shop@example.com',
  shop_address: 'Gikomba, Nairobi',
  shop_phone: '+254712345678',
  shop_whatsapp: '254712345678',
  shop_hours: 'Mon–Sat 9–6',
  shop_returns_policy: 'Returns within 7 days.',
};

/** The catalogue as the server reads it, holding one product. */
const holding = (shown: Product, reviews: Review[] = []): CatalogueSource => ({
  categories: async () => [{ id: 1, name: 'Dresses' }],
  products: async () => ({ products: [shown], total: 1 }),
  featured: async () => [],
  trending: async () => [],
  productPage: async (id) => (id === shown.id ? { product: shown, related: [], reviews } : null),
  config: async () => config,
});

describe('the server entry', () => {
  it('draws a product page whole, nothing left for the browser to draw', async () => {
    const page = (await render('/products/7', holding(product), 'https://shop.example')) as RenderedPage;
    expect(page.status).toBe(200);
    expect(page.html).toContain('Kitenge Maxi Dress');
    expect(page.html).not.toContain('<!--$!-->');
  });

  it('gives no page when a part of it could not be drawn, so that the server sends the app instead', async () => {
    // reviews the page cannot show: their list fails while the page is drawn
    const unreadable = { count: 1 } as unknown as Review[];
    await expect(render('/products/7', holding(product, unreadable), 'https://shop.example')).rejects.toThrow(
      'A part of /products/7 could not be drawn on the server',
    );
  });
});
