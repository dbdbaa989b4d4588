import { expect, test } from '@playwright/test';
import {
  adminSession,
  call,
  createCategory,
  createProduct,
  uniqueTag,
  type Category,
  type Product,
} from '../support/api';
import { allProducts, cardPrices, isSorted, productCard, productCount } from '../support/catalog';
import { waitForApp } from '../support/app';

// Journey 1: a visitor (not signed in) looks around the shop. Everything compared with the API
// is read from the API in the test: other journeys add their own products while this one runs.

test('the home page shows the hero, offers, categories, 8 featured and the trending products', async ({
  page,
  request,
}) => {
  expect((await request.get('/api/health')).ok()).toBe(true);
  const categories = await call<Category[]>('GET', '/categories');

  await page.goto('/');
  await expect(page).toHaveTitle(/Mtumba/);

  // The first screen sells clothes: a one-line welcome, then categories and photos; offers are compact.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/products');
  const offers = page.getByRole('region', { name: 'Current Offers', exact: true });
  for (const headline of [
    'Buy 3 Items, Save Ksh 50',
    'Free CBD Delivery on orders above Ksh 1,000',
    '10% Off Your First Order',
  ]) {
    await expect(offers.getByRole('heading', { level: 3, name: headline })).toBeAttached();
  }
  await expect(offers.getByRole('link', { name: 'Learn More About Our Offers' })).toHaveAttribute('href', '/offers');

  const tabs = page.getByRole('navigation', { name: 'Shop by category' });
  await expect(tabs.getByRole('link', { name: 'ALL', exact: true })).toHaveAttribute('aria-current', 'page');
  for (const category of categories) {
    await expect(tabs.getByRole('link', { name: category.name.toUpperCase(), exact: true })).toBeVisible();
  }
  await expect(tabs.getByRole('button', { name: 'Scroll categories right' })).toBeVisible();

  const featured = page.getByRole('list', { name: 'Featured products' });
  await expect(featured.getByRole('listitem')).toHaveCount(8);
  await expect(page.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/products');

  const trending = page.getByRole('list', { name: 'Trending products' });
  const trendingCards = trending.getByRole('listitem');
  await expect(trendingCards.first()).toBeVisible();
  const trendingCount = await trendingCards.count();
  // "Hot Deal" only on reduced items (a compare-at price above the price); the others say "Trending".
  const trendingList = await call<(Product & { compare_at_price: number | null })[]>('GET', '/products/trending');
  const reduced = trendingList.filter((p) => p.compare_at_price !== null && p.compare_at_price > p.price).length;
  await expect(trending.getByText('Hot Deal', { exact: true })).toHaveCount(reduced);
  expect(trendingCount).toBe(trendingList.length);
  await expect(page.getByRole('link', { name: 'View More Products' })).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Support a local business' })).toBeVisible();
});

test('a category tab shows that category, highlighted', async ({ page }) => {
  const categories = await call<Category[]>('GET', '/categories');
  const dresses = categories.find((c) => c.name === 'Dresses') ?? categories[0];
  const inCategory = await call<Product[]>('GET', `/categories/${dresses.id}/products`);

  await page.goto('/');
  const tabs = page.getByRole('navigation', { name: 'Shop by category' });
  await tabs.getByRole('link', { name: dresses.name.toUpperCase(), exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/products/category/${dresses.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: dresses.name.toUpperCase() })).toBeVisible();
  const activeTab = page
    .getByRole('navigation', { name: 'Shop by category' })
    .getByRole('link', { name: dresses.name.toUpperCase(), exact: true });
  await expect(activeTab).toHaveAttribute('aria-current', 'page');
  const grid = page.getByRole('list', { name: dresses.name.toUpperCase() });
  await expect(grid.getByRole('listitem')).toHaveCount(Math.min(inCategory.length, 20));
  await expect(productCard(grid, inCategory[0].name)).toBeVisible();
});

test('the products list pages, sorts and filters', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  const grid = page.getByRole('list', { name: 'All Products' });
  await expect(grid.getByRole('listitem')).toHaveCount(20);

  // Price: Low to High, then page 2 carries on from where page 1 stopped.
  await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect.poll(async () => isSorted(await cardPrices(grid), 'asc')).toBe(true);
  const firstPage = await cardPrices(grid);
  expect(firstPage).toHaveLength(20);

  const pages = page.getByRole('navigation', { name: 'Product pages' });
  await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect
    .poll(async () => {
      const prices = await cardPrices(grid);
      return prices.length === 20 && isSorted(prices, 'asc') && prices[0] >= firstPage[19];
    })
    .toBe(true);
  await expect(page).toHaveURL(/sort=price_asc/);

  // Another sort starts again at page 1.
  await page.getByLabel('Sort by').selectOption({ label: 'Price: High to Low' });
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect.poll(async () => isSorted(await cardPrices(grid), 'desc')).toBe(true);

  // A price range.
  const filters = page.getByRole('region', { name: 'Filters' });
  await filters.getByLabel('Min Ksh').fill('1000');
  await filters.getByLabel('Max Ksh').fill('2000');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/min_price=1000/);
  await expect(page).toHaveURL(/max_price=2000/);
  await expect
    .poll(async () => {
      const prices = await cardPrices(grid);
      return prices.length > 0 && prices.every((p) => p >= 1000 && p <= 2000) && isSorted(prices, 'desc');
    })
    .toBe(true);

  // A brand, counted against the API.
  await filters.getByRole('button', { name: 'Clear' }).click();
  await expect(page).not.toHaveURL(/min_price/);
  await filters.getByLabel('Brand').fill('Zara');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/brand=Zara/);
  const zara = await productCount('brand=Zara');
  expect(zara).toBeGreaterThan(0);
  await expect(page.getByText(`${zara} ${zara === 1 ? 'product' : 'products'}`, { exact: true })).toBeVisible();
  await expect(grid.getByRole('listitem')).toHaveCount(zara);
});

test('search suggestions lead to a product page with its related products', async ({ page }) => {
  // Products of its own: an item another journey picked from the catalogue may be sold or
  // removed by that journey while this one searches for it.
  const tag = uniqueTag();
  const admin = await adminSession();
  const category = await createCategory(admin, `E2E suggestions ${tag}`);
  const product = await createProduct(admin, {
    name: `Suggested Corduroy Blazer ${tag}`,
    price: 1300,
    stock_quantity: 1,
    categories: [category.id],
  });
  await createProduct(admin, {
    name: `Suggested Corduroy Trousers ${tag}`,
    price: 900,
    stock_quantity: 1,
    categories: [category.id],
  });
  const related = await call<Product[]>('GET', `/products/${product.id}/related`);
  expect(related.length).toBeGreaterThan(0);

  await page.goto('/products');
  await waitForApp(page);
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.pressSequentially(product.name.slice(0, 1));
  // One character asks nothing yet.
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeHidden();
  await search.fill(product.name);
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions).toBeVisible();
  await suggestions.getByRole('option').filter({ hasText: product.name }).first().click();

  await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
  await expect(page.getByText(/\(\d(\.\d)? out of 5\)/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Related Products' })).toBeVisible();
  const relatedGrid = page.getByRole('list', { name: 'Related products' });
  await expect(relatedGrid.getByRole('listitem')).toHaveCount(related.length);
  await expect(productCard(relatedGrid, related[0].name)).toBeVisible();

  await page.getByRole('button', { name: '← Back to Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('a sold item says so, greyed, with no way to put it in the cart', async ({ page }) => {
  const sold = (await allProducts()).find((p) => p.stock_quantity <= 0);
  if (!sold) throw new Error('the demo catalogue has no sold item');

  await page.goto(`/products/${sold.id}`);
  await expect(page.getByRole('heading', { level: 1, name: sold.name })).toBeVisible();
  await expect(page.getByText('Out of Stock', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sold out' })).toBeDisabled();
  // The related products' cards may offer theirs; the product's own cart action is gone.
  await expect(page.locator('.buy-bar').getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);

  // The same on its card, which carries the SOLD badge.
  await page.goto(`/products/category/${sold.categories[0].id}`);
  const card = productCard(page, sold.name);
  await expect(card.getByText('SOLD', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
});
