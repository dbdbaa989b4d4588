import { expect, test, type Page } from '@playwright/test';
import {
  adminSession,
  call,
  createCategory,
  registerCustomer,
  uniqueTag,
  useSession,
  type Category,
  type Product,
  type Session,
} from '../support/api';
import { productCard, productCount } from '../support/catalog';

// A shopper on a 360 px phone finds items in the shop's own words (categories, synonyms, a
// misspelt brand) and narrows a category with filter chips. Each test makes its own items, named
// with a unique tag, and compares what the page shows with the API.

test.use({ viewport: { width: 360, height: 740 } });

let admin: Session;

test.beforeAll(async () => {
  admin = await adminSession();
});

async function addProduct(fields: {
  name: string;
  categories: number[];
  price?: number;
  brand?: string;
  size?: string;
  condition?: string;
  color?: string;
}): Promise<Product> {
  return call<Product>('POST', '/products', {
    token: admin.token,
    json: { description: 'Pre-loved, from a UK bale.', price: 800, stock_quantity: 1, ...fields },
  });
}

/** The Shoes category (the demo shop has one; made if not). */
async function shoesCategory(): Promise<Category> {
  const categories = await call<Category[]>('GET', '/categories');
  return categories.find((c) => c.name.toLowerCase() === 'shoes') ?? createCategory(admin, 'Shoes');
}

async function searchFor(page: Page, text: string) {
  const box = page.getByRole('combobox', { name: 'Search products' }).last();
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

const resultsGrid = (page: Page) => page.getByRole('list', { name: 'All Products' });

test('"shoes" finds the Shoes category\'s items, with photos and prices in the suggestions', async ({ page }) => {
  const tag = uniqueTag();
  const shoes = await shoesCategory();
  const court = await addProduct({ name: `Court Classic ${tag}`, categories: [shoes.id], brand: 'Nike', size: '42' });

  await page.goto('/products');
  const box = page.getByRole('combobox', { name: 'Search products' }).last();
  await box.fill(`shoes ${tag}`);
  const suggestion = page.getByRole('option', { name: new RegExp(`Court Classic ${tag}`) });
  await expect(suggestion).toBeVisible();
  await expect(suggestion).toContainText('Ksh 800');
  await expect(suggestion.locator('.search-suggestion__thumb')).toHaveCount(1);

  await searchFor(page, 'shoes');
  const total = await productCount('q=shoes');
  expect(total).toBeGreaterThan(0);
  await expect(page.getByText(new RegExp(`: ${total} products?$`))).toBeVisible();

  await searchFor(page, `shoes ${tag}`);
  await expect(productCard(resultsGrid(page), court.name)).toBeVisible();
  // brand + size
  await searchFor(page, `nike 42 ${tag}`);
  await expect(productCard(resultsGrid(page), court.name)).toBeVisible();
});

test('"sweater" finds jumpers and pullovers', async ({ page }) => {
  const tag = uniqueTag();
  const category = await createCategory(admin, `E2E Knits ${tag}`);
  const jumper = await addProduct({ name: `Wool Jumper ${tag}`, categories: [category.id] });
  const pullover = await addProduct({ name: `Fleece Pullover ${tag}`, categories: [category.id] });
  await addProduct({ name: `Linen Shirt ${tag}`, categories: [category.id] });

  await page.goto('/products');
  await searchFor(page, `sweater ${tag}`);
  const grid = resultsGrid(page);
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  await expect(productCard(grid, jumper.name)).toBeVisible();
  await expect(productCard(grid, pullover.name)).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove search “sweater ${tag}”` })).toBeVisible();
});

test('a misspelt brand still finds the items and offers "did you mean"', async ({ page }) => {
  const tag = uniqueTag();
  const category = await createCategory(admin, `E2E Brands ${tag}`);
  const adidas = await addProduct({ name: `Track Top ${tag}`, categories: [category.id], brand: 'Adidas' });

  await page.goto('/products');
  await searchFor(page, `addidas ${tag}`);
  await expect(productCard(resultsGrid(page), adidas.name)).toBeVisible();
  const didYouMean = page.getByRole('status').filter({ hasText: 'Did you mean' });
  await expect(didYouMean).toContainText(`adidas ${tag}`);
  await didYouMean.getByRole('button', { name: `adidas ${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`q=adidas(\\+|%20)${tag}`));
  await expect(productCard(resultsGrid(page), adidas.name)).toBeVisible();
  await expect(page.getByText('Did you mean')).toHaveCount(0);
});

test('filter chips narrow a category and show as removable chips', async ({ page }) => {
  const tag = uniqueTag();
  const category = await createCategory(admin, `E2E Chips ${tag}`);
  const big = await addProduct({
    name: `Big Boots ${tag}`,
    categories: [category.id],
    size: '42',
    condition: 'good',
    color: 'Brown',
    price: 1500,
  });
  const small = await addProduct({
    name: `Small Boots ${tag}`,
    categories: [category.id],
    size: '40',
    condition: 'good',
    price: 400,
  });
  await addProduct({ name: `Worn Boots ${tag}`, categories: [category.id], size: '42', condition: 'fair', price: 600 });

  await page.goto(`/products/category/${category.id}`);
  const heading = category.name.toUpperCase();
  // The chosen category's pill is scrolled into view.
  const pill = page
    .getByRole('navigation', { name: 'Shop by category' })
    .getByRole('link', { name: heading, exact: true });
  await expect(pill).toHaveAttribute('aria-current', 'page');
  await expect(pill).toBeInViewport();

  const grid = page.getByRole('list', { name: heading });
  await expect(grid.getByRole('listitem')).toHaveCount(3);
  const filters = page.getByRole('region', { name: 'Filters' });
  await filters.getByRole('button', { name: 'Filters' }).click();

  const sizes = filters.getByRole('group', { name: 'Size' });
  await expect(sizes.getByRole('button')).toHaveText(['401', '422']);
  await sizes.getByRole('button', { name: /^42/ }).click();
  await expect(page).toHaveURL(/size=42/);
  await expect(grid.getByRole('listitem')).toHaveCount(2);

  await filters.getByRole('group', { name: 'Condition' }).getByRole('button', { name: /^Good/ }).click();
  await expect(page).toHaveURL(/condition=good/);
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(productCard(grid, big.name)).toBeVisible();

  const active = page.getByRole('group', { name: 'Active filters' });
  await expect(active.getByRole('button', { name: 'Remove Size: 42' })).toBeVisible();
  await expect(active.getByRole('button', { name: 'Remove Condition: Good' })).toBeVisible();

  await active.getByRole('button', { name: 'Remove Size: 42' }).click();
  await expect(page).not.toHaveURL(/size=/);
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  await expect(productCard(grid, small.name)).toBeVisible();
  await expect(active.getByRole('button', { name: 'Remove Size: 42' })).toHaveCount(0);

  // A price band chip.
  await filters
    .getByRole('group', { name: 'Price' })
    .getByRole('button', { name: /^Under Ksh 500/ })
    .click();
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(productCard(grid, small.name)).toBeVisible();
  await expect(active.getByRole('button', { name: 'Remove Up to: Ksh 499.99' })).toBeVisible();
});

test('on a phone: a compact toast under the header, a heart that toggles, photo boxes with a placeholder', async ({
  page,
}) => {
  const tag = uniqueTag();
  const category = await createCategory(admin, `E2E Hearts ${tag}`);
  const coat = await addProduct({ name: `Wool Coat ${tag}`, categories: [category.id] });
  await useSession(page, await registerCustomer());

  await page.goto(`/products/category/${category.id}`);
  const card = productCard(page.getByRole('list', { name: category.name.toUpperCase() }), coat.name);
  // Before the photo arrives the 4:5 box shows a placeholder picture, not a blank block.
  const media = card.locator('.product-card__media');
  expect(await media.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('svg');

  await card.getByRole('button', { name: 'Add to Wishlist' }).click();
  const toast = page.getByText('Added to your wishlist!');
  await expect(toast).toBeVisible();
  const header = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  const box = await page.locator('.Toastify__toast').first().boundingBox();
  expect(box && header).toBeTruthy();
  // Not a full-width bar over the header and the cart icon: inside the screen, below the header.
  expect(box!.width).toBeLessThan(360 - 8);
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);

  const heart = card.getByRole('button', { name: 'In Wishlist' });
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await heart.click();
  await expect(page.getByText('Removed from your wishlist.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add to Wishlist' })).toHaveAttribute('aria-pressed', 'false');
});
