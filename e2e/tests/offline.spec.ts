import { expect, test, type Page } from '@playwright/test';
import { adminSession, freshProduct, placeOrder, registerCustomer, uniqueTag } from '../support/api';

// The installable app on a weak signal (docs/product.md section 16): the service worker keeps the
// pages a shopper opened, an add tapped offline waits for the signal, and the cart and checkout
// are refused without one, never shown from a stale copy.

const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart \(/ });
const CHECKOUT_REFUSAL = "You're offline. Checkout needs a connection so stock and prices are checked live.";

/**
 * Waits until the service worker is active and controls the page. A page whose load began while
 * the worker was still activating stays uncontrolled (the worker claimed the pages open before it),
 * so it is loaded again: from then on the worker answers it.
 */
async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every URL in the page's caches (the service worker's). */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

/** The width and height a PNG declares (its IHDR chunk). */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

test('the shop installs as an app: manifest, icons, theme colour and a service worker at /sw.js', async ({
  page,
  request,
  context,
}) => {
  for (const path of ['/', '/login']) {
    // the server-drawn home page and the app shell of a client-drawn screen both link them
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#7a3e1d');
  }

  const reply = await request.get('/manifest.webmanifest');
  expect(reply.status()).toBe(200);
  expect(reply.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await reply.json()) as {
    name: string;
    short_name: string;
    description: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Mtumba',
    short_name: 'Mtumba',
    start_url: '/?src=pwa',
    scope: '/',
    display: 'standalone',
    theme_color: '#7a3e1d',
  });
  expect(manifest.description.length).toBeGreaterThan(20);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  const wanted = [
    { sizes: '192x192', purpose: 'any' },
    { sizes: '512x512', purpose: 'any' },
    { sizes: '512x512', purpose: 'maskable' },
  ];
  for (const want of wanted) {
    const icon = manifest.icons.find((i) => i.sizes === want.sizes && i.purpose === want.purpose);
    expect(icon, `${want.purpose} icon ${want.sizes}`).toBeDefined();
    const image = await request.get(icon!.src);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const [width, height] = want.sizes.split('x').map(Number);
    expect(pngSize(await image.body())).toEqual({ width, height });
  }

  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toContain('javascript');
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // Chromium's own installability check (what Lighthouse's old audit ran) on the home page, once the
  // service worker controls it.
  await page.goto('/');
  await serviceWorkerInControl(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // a Playwright context is off the record, which only stops the install prompt itself
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
});

test('offline: a product page seen before reads from the phone with a note, an add waits for the signal, the cart and checkout are refused', async ({
  page,
  context,
}) => {
  const admin = await adminSession();
  const tag = uniqueTag();
  const { product } = await freshProduct(admin, { label: 'Offline Kitenge Shirt', price: 700, stock: 2, tag });
  const { product: coat } = await freshProduct(admin, { label: 'Offline Wool Coat', price: 900, stock: 1, tag });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await serviceWorkerInControl(page);
  // opened while the service worker controls the page: kept for reading offline
  await page.goto(`/products/${coat.id}`);
  await expect(page.getByRole('heading', { level: 1, name: coat.name })).toBeVisible();
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.locator('#offline-note')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveText(
    /^Offline — showing what you saw at \d{2}:\d{2}$/,
  );

  // Add to Cart without a signal: kept, and the shopper is told so.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByText(`You're offline. "${product.name}" will be added to your cart when the signal is back.`),
  ).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart (0 items in cart)');

  // The coat too, from its kept page; someone else buys it meanwhile.
  await page.goto(`/products/${coat.id}`);
  await expect(page.getByRole('heading', { level: 1, name: coat.name })).toBeVisible();
  await expect(page.locator('#offline-note')).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByText(`You're offline. "${coat.name}" will be added to your cart when the signal is back.`),
  ).toBeVisible();
  const otherShopper = await registerCustomer({ tag: `${tag}-other` });
  await placeOrder(otherShopper, [{ product_id: coat.id, quantity: 1 }]);

  // The signal returns: the adds are sent and the shopper told how each went.
  await context.setOffline(false);
  await expect(page.getByText(`Back online: "${product.name}" was added to your cart.`)).toBeVisible();
  await expect(
    page.getByText(`"${coat.name}" could not be added to your cart: "${coat.name}" is out of stock.`),
  ).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart (1 item in cart)');

  // The cart with a signal, then without: the screen refuses instead of showing what it showed.
  await cartLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: product.name, exact: true })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByTestId('offline-refusal')).toHaveText(CHECKOUT_REFUSAL);
  await expect(page.getByRole('link', { name: product.name, exact: true })).toHaveCount(0);

  // Opening the cart or a checkout page offline: the service worker's refusal, never a kept copy.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page.getByTestId('offline-refusal')).toHaveText(
    "You're offline. Your cart needs a connection so stock and prices are checked live.",
  );
  await page.goto('/checkout/1');
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page.getByTestId('offline-refusal')).toHaveText(CHECKOUT_REFUSAL);

  // Nothing of the cart, wishlist, checkout, orders or sign-in was kept; the product page was.
  const urls = await cachedUrls(page);
  expect(urls).toContain(`/products/${product.id}`);
  expect(
    urls.filter((u) => /^\/(api\/)?(cart|wishlist|checkout|orders|login|register|admin|payments?)(\/|$)/.test(u)),
  ).toEqual([]);
  await context.setOffline(false);
});

test('an add the previous release kept in local storage is sent on the next visit, once', async ({ page }) => {
  const admin = await adminSession();
  const { product } = await freshProduct(admin, {
    label: 'Kept Linen Trousers',
    price: 650,
    stock: 3,
    tag: uniqueTag(),
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // what the earlier release wrote when this add was tapped without a signal
  await page.evaluate((entry) => localStorage.setItem('offline_queue', JSON.stringify([entry])), {
    kind: 'cart',
    productId: product.id,
    quantity: 1,
    name: product.name,
    at: Date.now(),
  });
  await page.reload();
  await expect(page.getByText(`Back online: "${product.name}" was added to your cart.`)).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart (1 item in cart)');
  expect(await page.evaluate(() => localStorage.getItem('offline_queue'))).toBeNull();

  // moved, not copied: the next page has nothing left to send
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart (1 item in cart)');
});

test("a first visit looks for kept adds without making the browser's database", async ({ page }) => {
  // a visitor who never tapped an add offline has nothing kept: making the database (its store is
  // made in an upgrade) would cost their phone's main thread for nothing
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // the page looks once it is idle (web/src/lib/offline/register.ts marks it)
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('mtumba:offline-queue-read').length))
    .toBe(1);
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).toEqual([]);
});
