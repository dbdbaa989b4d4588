import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  addToCart,
  adminSession,
  call,
  freshProduct,
  placeOrder,
  registerCustomer,
  useSession,
  type Order,
  type Product,
  type Session,
} from '../support/api';
import { allProducts } from '../support/catalog';
import { bootstrapClassesWithoutRules } from '../support/stylesheet';

// axe-core on the main screens: no serious or critical violations. Motion is reduced so that no
// fade or slide is caught half-way (a half-transparent page would fail colour contrast). Each screen
// is also checked for Bootstrap classes it uses whose rules the build's CSS trimming dropped.
test.use({ reducedMotion: 'reduce' });

async function expectNoSeriousViolations(page: Page, ready: Locator): Promise<void> {
  await expect(ready).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
  const unstyled = await bootstrapClassesWithoutRules(page);
  expect(unstyled, `Bootstrap classes in use whose rules the build dropped: ${unstyled.join(' ')}`).toEqual([]);
}

let admin: Session;
let customer: Session;
let order: Order;
let reviewed: Product;

test.beforeAll(async () => {
  admin = await adminSession();
  const { product } = await freshProduct(admin, { label: 'Accessible Linen Shirt', price: 650, stock: 3 });
  customer = await registerCustomer();
  order = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
  await addToCart(customer, product.id);
  // A demo product with reviews, so the detail page shows its ratings and reviews list.
  const products = await allProducts();
  reviewed = products.find((p) => (p.review_count ?? 0) > 0 && p.stock_quantity > 0) ?? products[0];
});

test('home', async ({ page }) => {
  await page.goto('/');
  await expectNoSeriousViolations(page, page.getByRole('list', { name: 'Trending products' }));
});

test('products list', async ({ page }) => {
  await page.goto('/products');
  await expectNoSeriousViolations(page, page.getByRole('list', { name: 'All Products' }));
});

test('product detail', async ({ page }) => {
  await page.goto(`/products/${reviewed.id}`);
  await expect(page.getByRole('heading', { level: 1, name: reviewed.name })).toBeVisible();
  await expectNoSeriousViolations(page, page.getByRole('region', { name: 'Customer Reviews' }).getByRole('list'));
});

test('login dialog', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
  await expectNoSeriousViolations(page, page.getByRole('dialog', { name: 'Welcome back' }).getByLabel('Email'));
});

test('cart', async ({ page }) => {
  await useSession(page, customer);
  await page.goto('/cart');
  await expectNoSeriousViolations(page, page.getByRole('button', { name: 'Proceed to Checkout' }));
});

test('checkout', async ({ page }) => {
  await useSession(page, customer);
  await page.goto(`/checkout/${order.id}`);
  await expectNoSeriousViolations(page, page.getByRole('button', { name: 'Pay Now' }));
});

test('the M-Pesa waiting screen, a failed prompt and the simulated phone', async ({ page }) => {
  const { product } = await freshProduct(admin, { label: 'Accessible Kikoi', price: 700 });
  const payer = await registerCustomer();
  const unpaid = await placeOrder(payer, [{ product_id: product.id, quantity: 1 }]);
  await useSession(page, payer);
  await page.goto(`/checkout/${unpaid.id}`);
  await page.getByRole('button', { name: /with M-Pesa$/ }).click();
  await expectNoSeriousViolations(page, page.getByRole('link', { name: 'Open the simulated phone' }));

  const [phone] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Open the simulated phone' }).click(),
  ]);
  await expectNoSeriousViolations(phone, phone.getByRole('button', { name: 'Fail: wrong PIN' }));
  await phone.getByRole('button', { name: 'Fail: wrong PIN' }).click();
  // the answer is a form post: closing the tab while it is still loading could hang the close
  await expect(phone.getByRole('heading', { name: /Paid|Answered/ })).toBeVisible();
  await phone.close();
  await expectNoSeriousViolations(page, page.getByRole('button', { name: 'Resend prompt' }));
});

test('orders', async ({ page }) => {
  await useSession(page, customer);
  await page.goto('/orders');
  await expectNoSeriousViolations(page, page.getByRole('article', { name: `Order #${order.id}` }));
});

test('order detail', async ({ page }) => {
  await useSession(page, customer);
  await page.goto(`/orders/${order.id}`);
  await expectNoSeriousViolations(page, page.getByRole('button', { name: 'Cancel order' }));
});

test('admin products', async ({ page }) => {
  await useSession(page, admin);
  await page.goto('/admin/products');
  await expectNoSeriousViolations(page, page.getByRole('button', { name: /^Edit / }).first());
});

test('admin delivery methods, with a method open for editing', async ({ page }) => {
  await useSession(page, admin);
  await page.goto('/admin/delivery');
  await page.getByRole('button', { name: 'Edit Nairobi doorstep delivery' }).click();
  await expectNoSeriousViolations(page, page.getByRole('form', { name: 'Edit Nairobi doorstep delivery' }));
});

test('admin discount codes, with the new-code form open', async ({ page }) => {
  await useSession(page, admin);
  await page.goto('/admin/discount-codes');
  await page.getByRole('button', { name: 'New discount code' }).click();
  await expectNoSeriousViolations(page, page.getByRole('form', { name: 'New discount code' }));
});

test('cart with a doorstep delivery choice and its fields', async ({ page }) => {
  await useSession(page, customer);
  await page.goto('/cart');
  await page.getByLabel('Shipping option').selectOption({ label: 'Nairobi doorstep delivery' });
  await expectNoSeriousViolations(page, page.getByLabel('Delivery address'));
});

// The same screens on a 360 px phone, where the header, cards and sticky cart bar take another shape.
test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('home, list and product', async ({ page }) => {
    await page.goto('/');
    await expectNoSeriousViolations(page, page.getByRole('list', { name: 'Trending products' }));
    await page.goto('/products');
    await expectNoSeriousViolations(page, page.getByRole('list', { name: 'All Products' }));
    await page.goto(`/products/${reviewed.id}`);
    await expectNoSeriousViolations(page, page.getByRole('region', { name: 'Customer Reviews' }).getByRole('list'));
  });

  test('cart, checkout, orders and order detail, with the menu open', async ({ page }) => {
    await useSession(page, customer);
    await page.goto('/cart');
    await expectNoSeriousViolations(page, page.getByRole('button', { name: 'Proceed to Checkout' }));
    await page.goto(`/checkout/${order.id}`);
    await expectNoSeriousViolations(page, page.getByRole('button', { name: 'Pay Now' }));
    await page.goto('/orders');
    await expectNoSeriousViolations(page, page.getByRole('article', { name: `Order #${order.id}` }));
    await page.goto(`/orders/${order.id}`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
    await expectNoSeriousViolations(page, page.getByRole('button', { name: 'Cancel order' }));
  });

  test('admin products and the product dialog', async ({ page }) => {
    await useSession(page, admin);
    await page.goto('/admin/products');
    await expectNoSeriousViolations(page, page.getByRole('button', { name: /^Edit / }).first());
    await page.getByRole('button', { name: 'New Product' }).click();
    await expectNoSeriousViolations(page, page.getByRole('dialog', { name: 'New Product' }).getByLabel('Size'));
  });
});

test('unsubscribe page (a link that is not ours)', async ({ page }) => {
  await page.goto('/unsubscribe?token=not-a-real-token');
  await expectNoSeriousViolations(
    page,
    page.getByText('This unsubscribe link is not valid. Use the link from your latest e-mail.'),
  );
});

test('alerts and saved searches', async ({ page }) => {
  await useSession(page, customer);
  await page.goto('/account/alerts');
  await expectNoSeriousViolations(page, page.getByLabel(/E-mail me when new items drop/));
});

test('admin new item (phone)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await useSession(page, admin);
  await page.goto('/admin/items/new');
  await expectNoSeriousViolations(page, page.getByRole('checkbox').first());
});

test('pay link, signed out', async ({ page }) => {
  const { product } = await freshProduct(admin, { label: 'Accessible Kanga', price: 700 });
  const { customer: buyer } = await call<{ customer: { id: number } }>('POST', '/admin/customers', {
    token: admin.token,
    json: { name: 'Axe Buyer', email: `axe-buyer-${product.id}@e2e.test`, phone: '0711 222 333' },
    base: admin.base,
  });
  const reply = await call<{ pay_link: { url: string } }>('POST', '/admin/orders/manual', {
    token: admin.token,
    json: {
      customer_id: buyer.id,
      items: [{ product_id: product.id, quantity: 1 }],
      shipping_address: 'CBD Delivery',
      channel: 'whatsapp',
    },
    base: admin.base,
  });
  await page.goto(new URL(reply.pay_link.url).pathname);
  await expectNoSeriousViolations(page, page.getByRole('button', { name: /with M-Pesa$/ }));
});
