import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  addToCart,
  adminSession,
  call,
  freshProduct,
  payOrder,
  placeOrder,
  registerCustomer,
  useSession,
  type Order,
  type Product,
  type Session,
} from '../support/api';
import { allProducts } from '../support/catalog';

// Regenerates docs/screens/<screen>-<width>.png so a reviewer sees the shop without running it.
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screens');
const WIDTHS = [
  { width: 360, height: 780, maxHeight: 2200 },
  { width: 1366, height: 800, maxHeight: 1400 },
];

let admin: Session;
let customer: Session;
let order: Order;
let shown: Product;
let offered: Product;

test.beforeAll(async () => {
  admin = await adminSession();
  customer = await registerCustomer({ name: 'Wanjiru Kamau' });
  const products = await allProducts();
  shown = products.find((p) => p.stock_quantity > 1 && (p.review_count ?? 0) > 0) ?? products[0];
  const { product } = await freshProduct(admin, { label: 'Denim Jacket', price: 1200, stock: 2 });
  order = await placeOrder(customer, [
    { product_id: product.id, quantity: 1 },
    { product_id: shown.id, quantity: 1 },
  ]);
  await addToCart(customer, product.id);
  const { category } = await freshProduct(admin, { label: 'Coats', price: 3000 });
  offered = await call<Product>('POST', '/products', {
    token: admin.token,
    json: {
      name: 'Wool Coat',
      description: 'A heavy wool coat, one of a kind.',
      price: 2400,
      stock_quantity: 1,
      categories: [category.id],
      negotiable: true,
    },
  });
  await call('POST', `/products/${offered.id}/offers`, { token: customer.token, json: { price: 1900 } });
});

async function shoot(
  page: Page,
  name: string,
  ready: (page: Page) => Locator,
  widths: readonly (typeof WIDTHS)[number][] = WIDTHS,
): Promise<void> {
  for (const size of widths) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expect(ready(page)).toBeVisible();
    // Lazy images below the fold: scroll through once so they load, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => r(null)));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.screenshot({
      path: path.join(OUT, `${name}-${size.width}.png`),
      fullPage: true,
      clip: { x: 0, y: 0, width: size.width, height: Math.min(height, size.maxHeight) },
      animations: 'disabled',
    });
  }
}

test('home', async ({ page }) => {
  await page.goto('/');
  await shoot(page, 'home', (p) => p.getByRole('list', { name: 'Trending products' }));
});

test('products list', async ({ page }) => {
  await page.goto('/products');
  await shoot(page, 'products', (p) => p.getByRole('list', { name: 'All Products' }));
});

test('product', async ({ page }) => {
  await useSession(page, customer);
  await page.goto(`/products/${shown.id}`);
  await shoot(page, 'product', (p) => p.getByRole('heading', { level: 1, name: shown.name }));
});

test('cart', async ({ page }) => {
  await useSession(page, customer);
  await page.goto('/cart');
  await shoot(page, 'cart', (p) => p.getByRole('button', { name: 'Proceed to Checkout' }));
});

test('checkout', async ({ page }) => {
  await useSession(page, customer);
  await page.goto(`/checkout/${order.id}`);
  await shoot(page, 'checkout', (p) => p.getByRole('button', { name: 'Pay Now' }));
});

test('orders', async ({ page }) => {
  await useSession(page, customer);
  await page.goto('/orders');
  await shoot(page, 'orders', (p) => p.getByRole('article', { name: `Order #${order.id}` }));
});

test('order detail', async ({ page }) => {
  await useSession(page, customer);
  await page.goto(`/orders/${order.id}`);
  await shoot(page, 'order-detail', (p) => p.getByRole('heading', { level: 1, name: `Order #${order.id}` }));
});

test('admin products', async ({ page }) => {
  await useSession(page, admin);
  await page.goto('/admin/products');
  await shoot(page, 'admin-products', (p) => p.getByRole('button', { name: /^Edit / }).first());
});

// The admin's screens on a phone (the owner runs the shop from one): 360 px only.
const PHONE = [WIDTHS[0]];

test('admin dashboard', async ({ page }) => {
  await useSession(page, admin);
  await page.goto('/admin');
  await shoot(page, 'admin-dashboard', (p) => p.getByRole('heading', { level: 1, name: 'Dashboard' }), PHONE);
});

test('admin orders', async ({ page }) => {
  await useSession(page, admin);
  await page.goto('/admin/orders');
  await shoot(page, 'admin-orders', (p) => p.getByRole('link', { name: `#${order.id}` }), PHONE);
});

test('admin order detail', async ({ page }) => {
  await useSession(page, admin);
  await page.goto(`/admin/orders/${order.id}`);
  await shoot(
    page,
    'admin-order-detail',
    (p) => p.getByRole('heading', { level: 1, name: new RegExp(`Order #${order.id}`) }),
    PHONE,
  );
});

test('admin offers', async ({ page }) => {
  await useSession(page, admin);
  await page.goto('/admin/offers');
  await shoot(page, 'admin-offers', (p) => p.getByRole('button', { name: /^Counter/ }).first(), PHONE);
});

test('admin new item', async ({ page }) => {
  await useSession(page, admin);
  await page.goto('/admin/items/new');
  await shoot(page, 'admin-new-item', (p) => p.getByRole('heading', { level: 1, name: 'New item' }), PHONE);
});

test('admin new manual order', async ({ page }) => {
  await useSession(page, admin);
  await page.goto('/admin/orders/new');
  await page.setViewportSize({ width: 360, height: 780 });
  // a WhatsApp buyer nobody knows yet: the phone typed into Find is carried into New customer
  await page.getByLabel('Phone number or e-mail address').fill('0799 000 123');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('No customer found with 0799 000 123.')).toBeVisible();
  await page.getByRole('button', { name: 'New customer' }).click();
  await shoot(page, 'admin-new-order', (p) => p.getByLabel('Phone (for SMS and WhatsApp)'), PHONE);
});

test('admin import', async ({ page }) => {
  await useSession(page, admin);
  await page.goto('/admin/products/import');
  await shoot(page, 'admin-import', (p) => p.getByRole('button', { name: 'Check file' }), PHONE);
});

test('admin delivery methods', async ({ page }) => {
  await useSession(page, admin);
  await page.goto('/admin/delivery');
  await shoot(page, 'admin-delivery', (p) => p.getByRole('button', { name: /^Edit / }).first(), PHONE);
});

test('admin discount codes', async ({ page }) => {
  const day = 24 * 3600 * 1000;
  const existing = await call<{ code: string }[]>('GET', '/admin/discount-codes', { token: admin.token });
  if (!existing.some((c) => c.code === 'KARIBU200')) {
    await call('POST', '/admin/discount-codes', {
      token: admin.token,
      json: {
        code: 'KARIBU200',
        kind: 'fixed',
        amount: 200,
        min_spend: 1500,
        ends_at: new Date(Date.now() + 30 * day).toISOString(),
        max_uses: 50,
        max_uses_per_customer: 1,
      },
    });
  }
  await useSession(page, admin);
  await page.goto('/admin/discount-codes');
  await shoot(page, 'admin-discount-codes', (p) => p.getByRole('button', { name: /^Edit / }).first());
});

test('admin security log', async ({ page }) => {
  await useSession(page, admin);
  await page.goto(`/admin/users/${customer.user.id}/security`);
  await shoot(page, 'admin-security-log', (p) => p.getByRole('heading', { level: 1 }), PHONE);
});

/** A paid order waiting to be shipped (the To ship screens). */
async function paidOrder(): Promise<Order> {
  const { product } = await freshProduct(admin, { label: 'Corduroy Shacket', price: 1800 });
  const paid = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
  await payOrder(customer, paid.id);
  return paid;
}

test('admin to ship', async ({ page }) => {
  await paidOrder();
  await useSession(page, admin);
  await page.goto('/admin/to-ship');
  await shoot(page, 'admin-to-ship', (p) => p.getByRole('button', { name: 'Ship', exact: true }).first(), PHONE);
});

test('admin ship dialog', async ({ page }) => {
  const paid = await paidOrder();
  await useSession(page, admin);
  await page.goto(`/admin/orders/${paid.id}`);
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order #${paid.id}` });
  await dialog.getByLabel('Rider or courier').fill('G4S');
  await dialog.getByLabel(/Waybill or tracking number/).fill('WB-204518');
  await shoot(page, 'admin-ship-dialog', () => dialog, PHONE);
});

test('admin packing slip', async ({ page }) => {
  const paid = await paidOrder();
  await useSession(page, admin);
  await page.goto(`/admin/orders/${paid.id}/slip`);
  await shoot(page, 'admin-packing-slip', (p) => p.getByTestId('slip-amount'), PHONE);
});

/** A delivered order of the customer with a return asked for (docs/product.md section 15). */
async function returnedOrder(): Promise<Order> {
  const buyer = await registerCustomer({ name: 'Achieng Otieno' });
  const { product } = await freshProduct(admin, { label: 'Linen Shirt', price: 850 });
  const delivered = await placeOrder(buyer, [{ product_id: product.id, quantity: 1 }]);
  await payOrder(buyer, delivered.id);
  for (const order_status of ['shipped', 'delivered']) {
    await call('PUT', `/admin/orders/${delivered.id}`, { token: admin.token, json: { order_status } });
  }
  const { returnable_items } = await call<{ returnable_items: { id: number }[] }>(
    'GET',
    `/orders/${delivered.id}/returns`,
    { token: buyer.token },
  );
  await call('POST', `/orders/${delivered.id}/returns`, {
    token: buyer.token,
    json: { items: returnable_items.map((i) => i.id), reason: 'not_as_described', note: 'A seam is open' },
  });
  return { ...delivered, buyer } as Order & { buyer: Session };
}

test('order returns', async ({ page }) => {
  const returned = (await returnedOrder()) as Order & { buyer: Session };
  await useSession(page, returned.buyer);
  await page.goto(`/orders/${returned.id}`);
  await shoot(page, 'order-returns', (p) => p.getByText(/Requested: the shop will answer by e-mail/));
});

test('admin returns', async ({ page }) => {
  const returned = await returnedOrder();
  await useSession(page, admin);
  await page.goto(`/admin/orders/${returned.id}`);
  await shoot(page, 'admin-order-returns', (p) => p.getByRole('button', { name: 'Approve return' }), PHONE);
  await page.goto('/admin/returns');
  await shoot(page, 'admin-returns', (p) => p.getByRole('link', { name: `Order #${returned.id}` }), PHONE);
});
