import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { addToCart, adminSession, freshProduct, registerCustomer, useSession, type Product } from '../support/api';
import { holdScripts } from '../support/app';
import { allProducts } from '../support/catalog';

// The storefront pages arrive drawn by the server and React takes them over (hydration) without
// a warning: any mismatch between the server's HTML and the browser's first render shows up as a
// console error or warning, or a page error.

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return problems;
}

let product: Product;

test.beforeAll(async () => {
  product = (await allProducts()).find((p) => p.stock_quantity > 0 && p.image_url) ?? (await allProducts())[0];
});

test('home, list and product arrive server-drawn and hydrate without warnings', async ({ page }) => {
  const problems = watchConsole(page);

  const home = await page.goto('/');
  // the photos are in the HTML itself, before any script runs
  expect(await home!.text()).toContain('Featured products');
  await expect(page.getByRole('list', { name: 'Featured products' }).getByRole('listitem')).toHaveCount(8);
  // hydrated: React handles the navbar's menu
  await page.getByRole('button', { name: 'Products' }).first().click();
  await expect(page.getByRole('link', { name: 'All', exact: true }).first()).toBeVisible();

  const list = await page.goto('/products');
  expect(await list!.text()).toContain('All Products');
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Product pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);

  // an item of its own: a demo item may be sold by another journey meanwhile, and lose its button
  const { product: item } = await freshProduct(await adminSession(), { label: 'Server Drawn Shuka', stock: 2 });
  const detail = await page.goto(`/products/${item.id}`);
  const html = await detail!.text();
  expect(html).toContain('application/ld+json');
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  await expect(page).toHaveTitle(`${item.name} — Mtumba`);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  // a visitor's cart is kept in the browser: the button works, so the page is live
  await expect(page.getByRole('link', { name: 'Cart (1 item in cart)' })).toBeVisible();

  expect(problems, problems.join('\n')).toEqual([]);
});

/**
 * Records every element taken out of the page's content (main and footer) from the first byte on.
 * The navbar may change: a signed-in shopper's menu replaces Login and Register after hydration.
 */
async function watchRemovals(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedFromRoot: string[] }).removedFromRoot = removed;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.removedNodes))
          if (
            node instanceof Element &&
            (node.matches('footer') || (record.target as Element).closest?.('#main, footer'))
          )
            removed.push(node.outerHTML.slice(0, 80));
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { removedFromRoot: string[] }).removedFromRoot);
}

test("React takes over the server's page instead of drawing it again (no spinner, same photos)", async ({ page }) => {
  const removed = await watchRemovals(page);
  const customer = await registerCustomer();
  for (const [path, signedIn] of [
    ['/', false],
    ['/products', false],
    [`/products/${product.id}`, false],
    // a signed-in shopper's counts arrive while the page hydrates: they must not reset it either
    ['/', true],
    [`/products/${product.id}`, true],
  ] as const) {
    if (signedIn) await useSession(page, customer);
    await page.goto(path);
    // hydrated: React handles the navbar's menu
    await page.getByRole('button', { name: 'Products' }).first().click();
    await expect(page.getByRole('link', { name: 'All', exact: true }).first()).toBeVisible();
    expect(await removed(), `${path}${signedIn ? ' (signed in)' : ''}`).toEqual([]);
  }
});

test('the storefront takes a page over without making an Intl number or date formatter', async ({ page }) => {
  // A page's first Intl formatter loads the locale's data: 20-40 ms of a phone's main thread in the
  // task that starts the app (docs/performance.md, round fourteen). Amounts, counts and review days
  // are written by the app itself; this records any formatter made from the first byte on.
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { intlMade: string[] }).intlMade = made;
    const record = (what: string) => made.push(`${what} ${new Error().stack?.split('\n')[3]?.trim() ?? ''}`);
    for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
      const Original = Intl[name];
      Intl[name] = new Proxy(Original, {
        construct: (target, args: unknown[]) => (record(`Intl.${name}`), Reflect.construct(target, args)),
        apply: (target, self, args: unknown[]) => (record(`Intl.${name}`), Reflect.apply(target, self, args)),
      }) as never;
    }
    const localeMethods: [object, string][] = [
      [Number.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
    ];
    for (const [proto, method] of localeMethods) {
      const original = (proto as Record<string, (...args: unknown[]) => string>)[method]!;
      Object.defineProperty(proto, method, {
        configurable: true,
        writable: true,
        value(this: unknown, ...args: unknown[]) {
          record(method);
          return original.apply(this, args);
        },
      });
    }
  });
  const reviewed = (await allProducts()).find((p) => (p.review_count ?? 0) > 0) ?? product;
  for (const path of ['/', '/products', '/products?q=shoes', `/products/${product.id}`, `/products/${reviewed.id}`]) {
    await page.goto(path);
    // hydrated: React handles the navbar's menu
    await page.getByRole('button', { name: 'Products' }).first().click();
    await expect(page.getByRole('link', { name: 'All', exact: true }).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade), path).toEqual([]);
  }
});

test("a signed-in shopper's cart count and In cart state fill in after hydration", async ({ page }) => {
  const admin = await adminSession();
  const { product: item } = await freshProduct(admin, { label: 'Hydrated Kanga Scarf', price: 300, stock: 2 });
  const customer = await registerCustomer();
  await addToCart(customer, item.id);
  await useSession(page, customer);
  const problems = watchConsole(page);

  await page.goto(`/products/${item.id}`);
  await expect(page.getByTestId('in-cart').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Cart.*1 item in cart/ })).toBeVisible();

  expect(problems, problems.join('\n')).toEqual([]);
});

/** Holds the app's entry back until `release()`: until then the page is the server's alone. */
const holdTheApp = (page: Page) => holdScripts(page, /\/assets\/index-[^/]+\.js$/);

test('the page shows before the app loads, and a tap made meanwhile is not lost', async ({ page }) => {
  const admin = await adminSession();
  const { product: item } = await freshProduct(admin, { label: 'Early Tap Kikoi', price: 450, stock: 2 });
  await useSession(page, await registerCustomer());
  const problems = watchConsole(page);
  const app = await holdTheApp(page);

  await page.goto(`/products/${item.id}`, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  await expect(page.getByText('Ksh 450').first()).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  // the loader asks for the app once the page is painted: it has by now
  await expect.poll(app.requested).toBe(true);
  app.release();

  // once the app has the page, the tap is made again, as the signed-in shopper
  await expect(page.getByText('Added to Cart!')).toBeVisible();
  await expect(page.getByRole('link', { name: /Cart.*1 item in cart/ })).toBeVisible();
  expect(problems, problems.join('\n')).toEqual([]);
});

test('a sort chosen before the app loads is applied once it has', async ({ page }) => {
  const app = await holdTheApp(page);
  await page.goto('/products', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
  await expect.poll(app.requested).toBe(true);
  app.release();
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
});

test('text typed in the search box before the app loads gets its suggestions once it has', async ({ page }) => {
  const app = await holdTheApp(page);
  await page.goto('/products', { waitUntil: 'domcontentloaded' });
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.fill(product.name);
  await expect.poll(app.requested).toBe(true);
  app.release();
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option').filter({ hasText: product.name }).first()).toBeVisible();
  await expect(search).toHaveValue(product.name);
});

test('without JavaScript a shopper can search, page through and open a product', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Product pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/products\?page=2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();

  const word = product.name.split(' ')[0];
  await page.getByRole('combobox', { name: 'Search products' }).last().fill(word);
  await page.getByRole('combobox', { name: 'Search products' }).last().press('Enter');
  await expect(page).toHaveURL(new RegExp(`/products\\?q=${encodeURIComponent(word)}`));
  await expect(page.getByText(`Results for “${word}”`)).toBeVisible();

  await page.getByRole('link', { name: product.name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await context.close();
});
