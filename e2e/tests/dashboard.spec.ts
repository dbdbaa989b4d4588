import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  adminSession,
  call,
  createCategory,
  createProduct,
  payOrder,
  placeOrder,
  registerCustomer,
  uniqueTag,
  useSession,
  type Product,
} from '../support/api';
import { solidPng } from '../support/images';
import { ADMIN } from '../support/shop';

// Issue 20, the admin's side: the dashboard shows the shop's figures (with a sale and a held order
// made here), the orders CSV downloads, and items are imported from CSV with a preview first.

test.use({ reducedMotion: 'reduce' });

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).exclude('.revenue-chart canvas').analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}

test('the dashboard shows the day’s sales, what needs attention, and exports the orders', async ({ page }) => {
  const tag = uniqueTag();
  const admin = await adminSession();
  const customer = await registerCustomer({ tag });
  const category = await createCategory(admin, `E2E Dash ${tag}`);
  const brand = `Brand${tag}`;
  const make = (name: string, price: number): Promise<Product> =>
    createProduct(admin, { name: `${name} ${tag}`, price, stock_quantity: 1, categories: [category.id], brand });
  const sold = await make('Dashboard coat', 40_000);
  const held = await make('Dashboard scarf', 700);
  const paid = await placeOrder(customer, [{ product_id: sold.id, quantity: 1 }]);
  await payOrder(customer, paid.id);
  const unpaid = await placeOrder(customer, [{ product_id: held.id, quantity: 1 }]);

  await useSession(page, admin);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');

  // The figures are the API's (other journeys sell at the same time, so the sale made here is a
  // lower bound); the brand and category made here are this test's alone.
  const revenue = page.getByTestId('figure-revenue');
  await expect(revenue).toHaveText(/^Ksh [\d,]+(\.\d\d)?$/);
  const shown = Number((await revenue.textContent())!.replace(/[^\d.]/g, ''));
  // the new customer's first order: 10% off, free delivery
  expect(paid.total_amount).toBe(36_000);
  expect(shown).toBeGreaterThanOrEqual(paid.total_amount);
  expect(Number(await page.getByTestId('figure-orders').textContent())).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('revenue-chart').locator('canvas')).toBeVisible();

  const brands = page.getByRole('region', { name: 'Top brands' });
  await expect(brands.getByRole('row', { name: new RegExp(`${brand}\\s+1\\s+Ksh 40,000`) })).toBeVisible();
  const sellThrough = page.getByRole('region', { name: 'Sell-through of the items listed in this period' });
  await expect(sellThrough.getByRole('row', { name: new RegExp(`E2E Dash ${tag}\\s+2\\s+1\\s+50%`) })).toBeVisible();

  const expiring = page.getByRole('region', { name: 'Unpaid, about to expire' });
  await expect(expiring.getByRole('link', { name: new RegExp(`Order #${unpaid.id}\\b`) })).toBeVisible();
  await expectNoSeriousViolations(page);

  // The accountant's CSV for the same day holds the paid order with its M-Pesa payment.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export orders (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await file.path(), 'utf8');
  expect(text.split('\n')[0]).toContain('id,date,customer,items');
  const line = text.split('\n').find((l) => l.startsWith(`${paid.id},`));
  expect(line).toContain(`1 x Dashboard coat ${tag}`);
  expect(line).toContain(',36000.00,');
  expect(line).toMatch(/,mpesa,/);

  // Each order that needs attention links to its page.
  await expiring.getByRole('link', { name: new RegExp(`Order #${unpaid.id}\\b`) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${unpaid.id}$`));
});

test('an admin who signs in lands on the dashboard', async ({ page }) => {
  await page.goto('/login');
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(ADMIN.email);
  await login.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the admin imports items from CSV: the preview names the bad row, then the fixed file goes in', async ({
    page,
  }) => {
    const tag = uniqueTag();
    const admin = await adminSession();
    const category = `E2E Import ${tag}`;
    await createCategory(admin, category);
    // The dress says to publish; the skirt (no status) comes in as a draft.
    const header = 'name,description,price,stock,categories,size,condition,brand,colour,images,status\n';
    const good = `Kitenge dress ${tag},"Bright print, cotton",1500,1,${category},M,like new,,orange,front-${tag}.png,published\n`;
    const badFile = Buffer.from(`${header}${good}Denim skirt ${tag},,abc,1,${category},S,good,Levi's,blue,,\n`);
    const fixedFile = Buffer.from(`${header}${good}Denim skirt ${tag},,850,1,${category},S,good,Levi's,blue,,\n`);

    await useSession(page, admin);
    await page.goto('/admin/products');
    await page.getByRole('link', { name: 'Import / export CSV' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import items' })).toBeVisible();

    await page.getByLabel('CSV file').setInputFiles({ name: 'bale.csv', mimeType: 'text/csv', buffer: badFile });
    await page
      .getByLabel(/^Photos/)
      .setInputFiles([{ name: `front-${tag}.png`, mimeType: 'image/png', buffer: solidPng([200, 90, 30]) }]);
    await page.getByRole('button', { name: 'Check file' }).click();
    const problems = page.getByTestId('import-row-errors');
    await expect(problems).toContainText('1 of 2 rows have problems. Nothing will be imported until they are fixed.');
    await expect(
      problems.getByRole('row', { name: new RegExp(`3\\s+Denim skirt ${tag}\\s+The price must be a number\\.`) }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Import \d+ items?$/ })).toHaveCount(0);
    const before = await call<unknown[]>('GET', `/products?q=${tag}`);
    expect(before).toEqual([]);

    await page.getByLabel('CSV file').setInputFiles({ name: 'bale.csv', mimeType: 'text/csv', buffer: fixedFile });
    await page.getByRole('button', { name: 'Check file' }).click();
    const ready = page.getByTestId('import-ready');
    await expect(ready).toContainText('2 items are ready to import.');
    await expect(ready.getByRole('row', { name: new RegExp(`Kitenge dress ${tag}`) })).toContainText('On sale');
    await expect(ready.getByRole('row', { name: new RegExp(`Denim skirt ${tag}`) })).toContainText('Draft');
    await page.getByRole('button', { name: 'Import 2 items' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Imported 2 items: 1 on sale now, 1 as drafts (publish them in Manage Products).' })
        .first(),
    ).toBeVisible();

    // Shoppers see the published dress only; the skirt waits as a draft in Manage Products.
    const imported = await call<Product[]>('GET', `/products?q=${tag}&sort=price_asc`);
    expect(imported.map((p) => [p.name, p.price, p.stock_quantity])).toEqual([[`Kitenge dress ${tag}`, 1500, 1]]);
    expect(imported[0]!.image_url).toMatch(/^\/uploads\/[0-9a-f]{32}-640\.webp$/);
    // The screen itself, once the "Imported" toast has gone: axe reads a toast that is still
    // fading in as faint text.
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
});
