import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  adminSession,
  call,
  createCategory,
  payOrder,
  placeOrder,
  registerCustomer,
  uniqueTag,
  useSession,
  type Order,
  type Product,
  type Session,
} from '../support/api';

// The shop owner's day on a 360 px phone: every admin screen fits the width (nothing scrolls
// sideways, no table hides its columns off to the right) and each list's actions are on screen and
// answer a tap. The routes are the web router's (web/src/app/admin-routes.tsx) plus /add-product.

const WIDTH = 360;
test.use({ viewport: { width: WIDTH, height: 740 }, hasTouch: true, isMobile: true });

let admin: Session;
let customer: Session;
let order: Order;
let product: Product;

test.beforeAll(async () => {
  const tag = uniqueTag();
  admin = await adminSession();
  customer = await registerCustomer({ name: 'Achieng Otieno' });
  const category = await createCategory(admin, `Phone admin ${tag}`);
  product = await call<Product>('POST', '/products', {
    token: admin.token,
    base: admin.base,
    json: {
      name: `Long-named vintage Levi's trucker denim jacket ${tag}`,
      description: 'A denim jacket, one of a kind.',
      price: 2400,
      stock_quantity: 1,
      categories: [category.id],
      negotiable: true,
    },
  });
  const second = await call<Product>('POST', '/products', {
    token: admin.token,
    base: admin.base,
    json: {
      name: `Kitenge maxi dress ${tag}`,
      description: 'Bright print.',
      price: 1500,
      stock_quantity: 2,
      categories: [category.id],
    },
  });
  order = await placeOrder(customer, [{ product_id: second.id, quantity: 1 }]);
  // paid: it waits in To ship
  await payOrder(customer, order.id);
  // an offer waiting for the shop: Accept, Decline and Counter
  await call('POST', `/products/${product.id}/offers`, { token: customer.token, json: { price: 1900 } });
});

/**
 * What does not fit the phone: the page's own width, controls whose box reaches past either edge
 * (a table scrolled inside its wrapper hides them so), and buttons whose text spills out.
 */
async function misfits(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > width) found.push(`the page is ${root.scrollWidth} px wide`);
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of Array.from(
      document.querySelectorAll('button, a[href], input, select, textarea, [role="button"]'),
    )) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
      if (el.closest('.visually-hidden, [aria-hidden="true"], .modal:not(.show), .offcanvas:not(.show)')) continue;
      if (box.right > width + 1 || box.left < -1) {
        found.push(`${describe(el)} reaches ${Math.round(box.left)}–${Math.round(box.right)} px`);
      }
      if ((el.tagName === 'BUTTON' || el.classList.contains('btn')) && el.scrollWidth > el.clientWidth + 1) {
        found.push(`${describe(el)}: its text spills out`);
      }
    }
    return found;
  }, WIDTH);
}

async function expectFits(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(await misfits(page)).toEqual([]);
}

/** A primary action: visible, inside the screen's width, and enabled for a tap. */
async function expectReachable(action: Locator): Promise<void> {
  await expect(action).toBeVisible();
  await expect(action).toBeEnabled();
  await action.scrollIntoViewIfNeeded();
  const box = (await action.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
  await action.click({ trial: true });
}

test.beforeEach(async ({ page }) => {
  await useSession(page, admin);
});

test('dashboard', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expectFits(page);
});

test('products: each product a card with its price, stock and actions', async ({ page }) => {
  await page.goto(`/admin/products?q=${encodeURIComponent(product.name)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Edit ${product.name}` })).toBeVisible();
  await expectFits(page);
  await expectReachable(page.getByRole('button', { name: `Edit ${product.name}` }));
  await expectReachable(page.getByRole('button', { name: `Delete ${product.name}` }));
  await expectReachable(page.getByRole('button', { name: 'New Product' }));
  await page.getByRole('button', { name: `Edit ${product.name}` }).click();
  await expect(page.getByRole('dialog', { name: `Edit Product: ${product.name}` })).toBeVisible();
  await expectFits(page);
});

test('import', async ({ page }) => {
  await page.goto('/admin/products/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import items' })).toBeVisible();
  await expectFits(page);
  await expectReachable(page.getByRole('button', { name: 'Check file' }));
});

test('orders: status, total and the order link on screen', async ({ page }) => {
  await page.goto('/admin/orders');
  const link = page.getByRole('link', { name: new RegExp(`#${order.id}\\b`) }).first();
  await expect(link).toBeVisible();
  await expectFits(page);
  await expectReachable(link);
});

test('new manual order', async ({ page }) => {
  await page.goto('/admin/orders/new');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectFits(page);
});

test('order detail', async ({ page }) => {
  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Order #${order.id}`) })).toBeVisible();
  await expectFits(page);
});

test('to ship: each order a card with its Ship action and packing slip', async ({ page }) => {
  await page.goto('/admin/to-ship');
  await expect(page.getByRole('heading', { level: 1, name: 'To ship' })).toBeVisible();
  await expectFits(page);
  // the paid order made above waits here (on page 1 or later: the queue is oldest first)
  const ship = page.getByRole('button', { name: 'Ship', exact: true }).first();
  await expectReachable(ship);
  await expectReachable(page.getByRole('link', { name: 'Packing slip' }).first());
  await ship.click();
  await expect(page.getByRole('dialog', { name: /^Ship order #\d+$/ })).toBeVisible();
  await expectFits(page);
});

test('packing slip', async ({ page }) => {
  await page.goto(`/admin/orders/${order.id}/slip`);
  await expect(page.getByRole('heading', { level: 1, name: `Packing slip: order #${order.id}` })).toBeVisible();
  await expectFits(page);
  await expectReachable(page.getByRole('button', { name: 'Print' }));
});

test('delivery methods', async ({ page }) => {
  await page.goto('/admin/delivery');
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery methods' })).toBeVisible();
  await expectFits(page);
  await expectReachable(page.getByRole('button', { name: /^Edit / }).first());
});

test('security log', async ({ page }) => {
  await page.goto(`/admin/users/${customer.user.id}/security`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectFits(page);
});

test('offers: Accept, Decline and Counter on screen, the Counter text inside its button', async ({ page }) => {
  await page.goto('/admin/offers');
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  const offer = page.getByRole('listitem').filter({ hasText: product.name });
  const row = (await offer.count()) > 0 ? offer : page.getByRole('row').filter({ hasText: product.name });
  await expect(row).toBeVisible();
  await expectFits(page);
  for (const name of [/^Accept/, /^Decline/, /^Counter/]) {
    await expectReachable(row.getByRole('button', { name }).first());
  }
});

test('new item', async ({ page }) => {
  await page.goto('/admin/items/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New item' })).toBeVisible();
  await expectFits(page);
  await expectReachable(page.getByRole('button', { name: 'Publish', exact: true }));
});

test('add product page', async ({ page }) => {
  await page.goto('/add-product');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectFits(page);
});

test('an unknown admin page', async ({ page }) => {
  await page.goto('/admin/no-such-screen');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectFits(page);
});

test('returns: the queue fits the phone', async ({ page }) => {
  await page.goto('/admin/returns');
  await expect(page.getByRole('heading', { level: 1, name: /Returns/ })).toBeVisible();
  await expectFits(page);
});

test('discount codes: each code a card, its actions on screen', async ({ page }) => {
  await page.goto('/admin/discount-codes');
  await expect(page.getByRole('heading', { level: 1, name: /Discount codes/ })).toBeVisible();
  await expectFits(page);
});
