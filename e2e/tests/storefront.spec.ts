import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  addToCart,
  adminSession,
  call,
  freshProduct,
  placeOrder,
  registerCustomer,
  useSession,
  type Product,
  type Session,
} from '../support/api';
import { productCard } from '../support/catalog';
import { pngFiles } from '../support/images';

// The storefront on a 360 px phone: each check is one problem a shopper ran into (issue 18).

const PHONE = { width: 360, height: 740 };

let admin: Session;

test.beforeAll(async () => {
  admin = await adminSession();
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, reducedMotion: 'reduce' });

  test('1: a new page of the list starts at the top, not at the footer', async ({ page }) => {
    await page.goto('/products');
    const pages = page.getByRole('navigation', { name: 'Product pages' });
    await pages.getByRole('link', { name: 'Next' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('2: an item already in the cart says In cart on its page, with no out-of-stock message', async ({ page }) => {
    const { product } = await freshProduct(admin, { label: 'In Cart Shirt', stock: 2 });
    const customer = await registerCustomer();
    await useSession(page, customer);
    await page.goto(`/products/${product.id}`);
    await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Added to Cart!')).toBeVisible();
    const inCart = page.getByRole('link', { name: /In cart/ });
    await expect(inCart).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    await expect(page.getByText(/is out of stock/)).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('link', { name: /In cart/ })).toBeVisible();
    await page.getByRole('link', { name: /In cart/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
  });

  test("3: an ordered item leaves the cart, so it never says 'Sold out' there", async ({ page }) => {
    const { product } = await freshProduct(admin, { label: 'Held Kitenge', stock: 1 });
    const customer = await registerCustomer();
    await addToCart(customer, product.id);
    // The order holds the only piece and took it out of the cart (docs/product.md section 3).
    await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
    await useSession(page, customer);
    await page.goto('/cart');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByText('Sold out: remove it to check out.')).toHaveCount(0);
  });

  test('4: the verification link opened while signed in does not show a login form', async ({ page }) => {
    const customer = await registerCustomer();
    await useSession(page, customer);
    await page.goto('/login?verified=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Your email is verified' })).toBeVisible();
    await expect(page.getByText('You can now log in')).toHaveCount(0);
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
  });

  test('5: after Request cancel an unpaid order offers no Pay Now', async ({ page }) => {
    const { product } = await freshProduct(admin, { label: 'Cancel Me Skirt', stock: 1 });
    const customer = await registerCustomer();
    const order = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
    await call('POST', `/orders/${order.id}/request-cancel`, { token: customer.token });
    await useSession(page, customer);
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByText(/Cancellation requested on/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
    await page.goto('/orders');
    const card = page.getByRole('article', { name: `Order #${order.id}` });
    await expect(card.getByText('Cancellation requested')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Pay now' })).toHaveCount(0);
  });

  test('6: a sold item is greyed with no cart action, on its card and its page', async ({ page }) => {
    const { category, product } = await freshProduct(admin, { label: 'Sold Denim', stock: 0 });
    await page.goto(`/products/category/${category.id}`);
    const card = productCard(page, product.name);
    await expect(card.getByText('SOLD', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    await expect(card.locator('img, [role="img"]').first()).toHaveCSS('filter', 'grayscale(1)');

    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('button', { name: 'Sold out' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  });

  test('7: the header keeps search, cart with count and a readable bell in reach', async ({ page }) => {
    const { product } = await freshProduct(admin, { label: 'Header Tee', stock: 3 });
    const customer = await registerCustomer();
    await addToCart(customer, product.id, 2);
    await useSession(page, customer);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('combobox', { name: 'Search products' })).toBeVisible();
    const cart = nav.getByRole('link', { name: 'Cart (2 items in cart)' });
    await expect(cart).toBeVisible();
    const bell = nav.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toBeVisible();
    for (const target of [cart, bell]) {
      const box = await target.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    const contrast = await new AxeBuilder({ page })
      .include('nav[aria-label="Main"]')
      .withRules(['color-contrast'])
      .analyze();
    expect(contrast.violations).toEqual([]);

    // Wishlist, Orders and the account are one tap away in the menu.
    await expect(nav.getByRole('link', { name: /^Wishlist/ })).toBeHidden();
    await nav.getByRole('button', { name: 'Menu' }).click();
    await expect(nav.getByRole('link', { name: /^Wishlist/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Orders/ })).toBeVisible();
    await expect(nav.getByRole('button', { name: `Account menu for ${customer.user.name}` })).toBeVisible();

    await nav.getByRole('combobox', { name: 'Search products' }).fill('Header Tee');
    await nav.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/products\?q=Header/);
    await expect(productCard(page, product.name)).toBeVisible();
  });

  test('8: cards are photo first, with size · condition · brand and one cart action', async ({ page }) => {
    const tag = Date.now().toString(36);
    const category = await call<{ id: number }>('POST', '/categories', {
      token: admin.token,
      json: { name: `E2E Cards ${tag}` },
    });
    const product = await call<Product>('POST', '/products', {
      token: admin.token,
      json: {
        name: `Card Jacket ${tag}`,
        description: 'A jacket for the card check.',
        price: 1400,
        stock_quantity: 1,
        categories: [category.id],
        size: 'M',
        condition: 'like new',
        brand: 'Levis',
      },
    });
    await page.goto(`/products/category/${category.id}`);
    const card = productCard(page, product.name);
    await expect(card.getByText('M · like new · Levis')).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(2); // the heart and Add to Cart
    await expect(card.getByRole('button', { name: 'Add to Wishlist' })).toBeVisible();
    const media = await card.locator('.product-card__media').boundingBox();
    expect(media!.width / media!.height).toBeCloseTo(0.8, 2);
    const cartButton = await card.getByRole('button', { name: 'Add to Cart' }).boundingBox();
    expect(cartButton!.height).toBeGreaterThanOrEqual(44);
  });

  test('9: the first screen of home shows clothes, with unbroken category tabs; Hot Deal only on reductions', async ({
    page,
  }) => {
    const { category, product } = await freshProduct(admin, { label: 'Reduced Coat', price: 900, stock: 1 });
    await call('PUT', `/products/${product.id}`, { token: admin.token, json: { compare_at_price: 1500 } });
    const trendingProducts = await call<(Product & { compare_at_price: number | null })[]>('GET', '/products/trending');

    await page.goto('/');
    const featured = page.getByRole('list', { name: 'Featured products' });
    const firstPhoto = await featured.locator('img').first().boundingBox();
    expect(firstPhoto!.y).toBeLessThan(PHONE.height);

    // The tabs run to the screen's edges and swipe; no arrow squeezes them into a cut-off window.
    const tabs = page.getByRole('navigation', { name: 'Shop by category' });
    await expect(tabs.getByRole('button', { name: 'Scroll categories left' })).toBeHidden();
    await expect(tabs.getByRole('button', { name: 'Scroll categories right' })).toBeHidden();
    const track = await tabs.locator('.category-carousel__track').boundingBox();
    expect(track!.x).toBeLessThanOrEqual(0);
    expect(track!.x + track!.width).toBeGreaterThanOrEqual(PHONE.width);

    const trending = page.getByRole('list', { name: 'Trending products' });
    await expect(trending.getByRole('listitem').first()).toBeVisible();
    const reduced = trendingProducts.filter((p) => p.compare_at_price !== null && p.compare_at_price > p.price);
    await expect(trending.getByText('Hot Deal', { exact: true })).toHaveCount(reduced.length);
    await expect(trending.getByText('Trending', { exact: true })).toHaveCount(
      trendingProducts.filter((p) => p.stock_quantity > 0).length - reduced.length,
    );

    await page.goto(`/products/category/${category.id}`);
    const card = productCard(page, product.name);
    await expect(card.getByText('Hot Deal', { exact: true })).toBeVisible();
    await expect(card.getByText('Ksh 1,500')).toBeVisible();
  });

  test('10: orders show named steps, one badge style and filter chips on one row', async ({ page }) => {
    const { product } = await freshProduct(admin, { label: 'Steps Shirt', stock: 1 });
    const customer = await registerCustomer();
    const order = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
    await useSession(page, customer);
    await page.goto('/orders');
    const card = page.getByRole('article', { name: `Order #${order.id}` });
    for (const step of ['Placed', 'Paid', 'Shipped', 'Delivered']) {
      await expect(card.getByText(step, { exact: true })).toBeVisible();
    }
    await expect(card.locator('.tag--pending')).toHaveText('Pending');
    const chips = page.getByRole('group', { name: 'Filter orders by status' }).getByRole('button');
    const tops = await chips.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
  });

  test('11: delivery, returns and real contact details; a visitor’s cart needs no sign-in', async ({ page }) => {
    const { product } = await freshProduct(admin, { label: 'Info Blouse', stock: 1 });
    await page.goto(`/products/${product.id}`);
    const info = page.getByRole('region', { name: 'Delivery & returns' });
    await expect(info.getByText(/CBD Delivery: Ksh 50/)).toBeVisible();
    await expect(info.getByText(/Returns within 7 days/)).toBeVisible();
    await expect(info.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/254712345678',
    );

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '+254 712 345 678' })).toHaveAttribute('href', 'tel:+254712345678');
    await expect(footer.getByText('Shop 14, Gikomba Market Lane, Nairobi CBD')).toBeVisible();
    await expect(footer.getByText('hello@mtumba.example')).toHaveCount(0);

    // a visitor's cart is kept in the browser: no sign-in box, the header counts it
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('link', { name: 'Cart (1 item in cart)' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Welcome back' })).toHaveCount(0);

    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Open Mon–Sat 8:00–18:00')).toBeVisible();

    const customer = await registerCustomer();
    const order = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
    await useSession(page, customer);
    await page.goto(`/checkout/${order.id}`);
    await expect(page.getByRole('region', { name: 'Delivery & returns' })).toBeVisible();
  });
});

test('12: one admin product form with thrift attributes, chips, self-clearing errors and single-image edits', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const category = await call<{ id: number; name: string }>('POST', '/categories', {
    token: admin.token,
    json: { name: `E2E Form ${tag}` },
  });
  const name = `Form Blazer ${tag}`;
  await useSession(page, admin);
  await page.goto('/add-product');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Product' })).toBeVisible();
  await expect(page.getByLabel('Take photo')).toHaveAttribute('capture', 'environment');
  await expect(page.getByLabel('Take photo')).toHaveAttribute('accept', 'image/*');

  // An error leaves as soon as its field is fixed.
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('The name field is required.')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await expect(page.getByText('The name field is required.')).toHaveCount(0);

  await page.getByLabel('Price (Ksh)', { exact: true }).fill('1100');
  await page.getByLabel('Was (Ksh)', { exact: true }).fill('1800');
  await page.getByLabel('Stock quantity', { exact: true }).fill('1');
  await page.getByLabel('Size', { exact: true }).fill('L');
  await page.getByLabel('Brand', { exact: true }).fill('Mango');
  await page.getByLabel('Condition', { exact: true }).selectOption('good');
  await page.getByLabel('Colour', { exact: true }).fill('Navy');
  // A category is a chip to tap, not a Ctrl-click list.
  const chip = page.getByRole('checkbox', { name: category.name, exact: true });
  const chipBox = await page.locator('.choice-chip', { has: chip }).boundingBox();
  expect(chipBox!.height).toBeGreaterThanOrEqual(44);
  await chip.check();
  await page.getByLabel('Choose images', { exact: true }).setInputFiles(pngFiles(2, `blazer-${tag}`));
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product added successfully!')).toBeVisible();

  const [found] = await call<Product[]>('GET', `/products/search?q=${encodeURIComponent(name)}`);
  const created = await call<Product & { size: string; condition: string; color: string; compare_at_price: number }>(
    'GET',
    `/products/${found.id}`,
  );
  expect(created).toMatchObject({
    size: 'L',
    brand: 'Mango',
    condition: 'good',
    color: 'Navy',
    compare_at_price: 1800,
  });
  expect(created.images).toHaveLength(2);

  // Edit in the dialog: remove one picture, keep the other.
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit Product: ${name}` });
  const chosen = edit.getByRole('list', { name: 'Chosen images' });
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await edit.getByRole('button', { name: 'Remove image 1' }).click();
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`“${name}” saved.`)).toBeVisible();
  expect((await call<Product>('GET', `/products/${found.id}`)).images).toHaveLength(1);
});

/** Every control a thumb can hit on the page, smaller than 44×44 px (inline text links excepted). */
async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"]';
    const small: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('[aria-hidden="true"], [hidden]')) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || rect.width <= 1) continue; // not shown / screen-reader only
      // A link inside a sentence is sized by its text (WCAG's inline exception).
      if (style.display === 'inline' && el.tagName === 'A') continue;
      // A checkbox or radio is hit through its label: measure the pair.
      let { width, height } = rect;
      if ((el as HTMLInputElement).type === 'checkbox' || (el as HTMLInputElement).type === 'radio') {
        const label = (el as HTMLInputElement).labels?.[0]?.getBoundingClientRect();
        if (label) {
          width = Math.max(rect.right, label.right) - Math.min(rect.left, label.left);
          height = Math.max(rect.height, label.height);
        }
      }
      if (width < 43.5 || height < 43.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        small.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(width)}×${Math.round(height)}`);
      }
    }
    return small;
  });
}

test.describe('tap targets on a phone', () => {
  test.use({ viewport: PHONE, reducedMotion: 'reduce' });

  let customer: Session;
  let orderId: number;
  let product: Product;

  test.beforeAll(async () => {
    ({ product } = await freshProduct(admin, { label: 'Tap Target Tee', stock: 3 }));
    customer = await registerCustomer();
    orderId = (await placeOrder(customer, [{ product_id: product.id, quantity: 1 }])).id;
    await addToCart(customer, product.id);
  });

  for (const [name, path, ready] of [
    ['home', '/', 'Trending products'],
    ['products', '/products', 'All Products'],
    ['product', 'product', 'Delivery & returns'],
    ['cart', '/cart', 'Proceed to Checkout'],
    ['checkout', 'checkout', 'Pay Now'],
    ['orders', '/orders', 'order'],
    ['order detail', 'order', 'Cancel order'],
  ] as const) {
    test(`${name}: no tap target under 44×44 px`, async ({ page }) => {
      await useSession(page, customer);
      const url =
        path === 'product'
          ? `/products/${product.id}`
          : path === 'checkout'
            ? `/checkout/${orderId}`
            : path === 'order'
              ? `/orders/${orderId}`
              : path;
      await page.goto(url);
      if (ready === 'Trending products' || ready === 'All Products') {
        await expect(page.getByRole('list', { name: ready })).toBeVisible();
      } else if (ready === 'Delivery & returns') {
        await expect(page.getByRole('region', { name: ready })).toBeVisible();
      } else if (ready === 'order') {
        await expect(page.getByRole('article', { name: `Order #${orderId}` })).toBeVisible();
      } else {
        await expect(page.getByRole('button', { name: ready })).toBeVisible();
      }
      await page.getByRole('contentinfo').getByRole('heading', { name: 'Newsletter' }).waitFor();
      expect(await smallTapTargets(page)).toEqual([]);
    });
  }
});
