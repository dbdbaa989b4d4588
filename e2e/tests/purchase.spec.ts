import { expect, test } from '@playwright/test';
import {
  adminSession,
  createCategory,
  createProduct,
  getProduct,
  registerCustomer,
  uniqueTag,
  useSession,
} from '../support/api';

// Journey 3: wishlist → cart → quantity → CBD Delivery and phone → checkout with the right offers →
// sandbox payment → paid confirmation → the order is processing and the cart is empty.

test('a customer buys from wishlist and cart, pays on the sandbox page and sees the order processing', async ({
  page,
}) => {
  const tag = uniqueTag();
  const admin = await adminSession();
  const category = await createCategory(admin, `E2E purchase ${tag}`);
  // Two of the jacket, one scarf: 2 × 400 + 300 = 1,100; three items (Ksh 50 off) and a first
  // order (10% = 110 off) leave 940, not above 1,000, so CBD Delivery costs Ksh 50: total 990.
  const jacket = await createProduct(admin, {
    name: `Denim Jacket ${tag}`,
    price: 400,
    stock_quantity: 2,
    categories: [category.id],
  });
  const scarf = await createProduct(admin, {
    name: `Kikoi Scarf ${tag}`,
    price: 300,
    stock_quantity: 1,
    categories: [category.id],
  });
  const customer = await registerCustomer();
  await useSession(page, customer);
  const nav = page.getByRole('navigation', { name: 'Main' });

  // Wishlist the jacket from its page.
  await page.goto(`/products/${jacket.id}`);
  await expect(page.getByRole('heading', { level: 1, name: jacket.name })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Wishlist' }).first().click();
  await expect(page.getByText('Added to your wishlist!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'In Wishlist' }).first()).toHaveAttribute('aria-pressed', 'true');
  await expect(nav.getByRole('link', { name: /Wishlist/ })).toContainText(/\(1 items? in wishlist\)/);

  // The scarf straight into the cart from its card.
  await page.goto(`/products/category/${category.id}`);
  await page
    .getByRole('article', { name: scarf.name, exact: true })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  await expect(page.getByText('Added to Cart!')).toBeVisible();
  await expect(nav.getByRole('link', { name: /Cart/ })).toContainText(/\(1 items? in cart\)/);

  // Move the jacket from the wishlist to the cart.
  await nav.getByRole('link', { name: /Wishlist/ }).click();
  await expect(page.getByRole('heading', { name: category.name })).toBeVisible();
  await page
    .getByRole('article', { name: jacket.name, exact: true })
    .getByRole('button', { name: 'Move to Cart' })
    .click();
  await expect(page.getByText('Moved to cart')).toBeVisible();
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
  await expect(nav.getByRole('link', { name: /Cart/ })).toContainText(/\(2 items? in cart\)/);

  // Two jackets: the stepper stops at the stock of 2 and says why.
  await nav.getByRole('link', { name: /Cart/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const stepper = page.getByRole('group', { name: `Quantity of ${jacket.name}` });
  const quantity = stepper.getByRole('status');
  const plus = stepper.getByRole('button', { name: `Increase quantity of ${jacket.name}` });
  await expect(quantity).toHaveText('1');
  await expect(stepper.getByRole('button', { name: `Decrease quantity of ${jacket.name}` })).toBeDisabled();
  await plus.click();
  await expect(quantity).toHaveText('2');
  await expect(plus).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('cart-total')).toHaveText('Ksh 1,100');
  // aria-disabled, not disabled: pressing it still answers (Playwright would wait for "enabled").
  await plus.click({ force: true });
  await expect(page.getByText(`"${jacket.name}" is out of stock.`)).toBeVisible();
  await expect(quantity).toHaveText('2');

  await page.getByLabel('Shipping option').selectOption('CBD Delivery');
  await page.getByLabel('Phone number').fill('0712 345 678');
  await expect(page.getByTestId('estimated-total')).toHaveText('Ksh 990');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  // Checkout shows the server's amounts.
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  const orderId = Number(/\/checkout\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  const discounts = summary.getByRole('list', { name: 'Applied discounts' });
  await expect(discounts.getByRole('listitem')).toHaveText([
    'Bulk Discount - Ksh 50 off',
    'WELCOME10 - 10% Off First Order',
  ]);
  await expect(summary).toContainText(/Subtotal\s*Ksh 1,100/);
  await expect(summary).toContainText(/Discount\s*− Ksh 160/);
  await expect(summary).toContainText(/Delivery fee\s*Ksh 50/);
  await expect(summary.getByTestId('order-total')).toHaveText('Ksh 990');
  const items = page.getByRole('region', { name: `Order #${orderId}` });
  await expect(items.getByRole('link', { name: jacket.name })).toBeVisible();
  await expect(items.getByRole('listitem').filter({ hasText: jacket.name })).toContainText('2 × Ksh 400');
  await expect(items.getByRole('listitem').filter({ hasText: scarf.name })).toContainText('1 × Ksh 300');
  await expect(page.getByText('Delivery: CBD Delivery')).toBeVisible();

  // Pay Now → the sandbox payment page → Pay.
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await expect(page.getByText('Test payment — no money moves.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByLabel('M-Pesa phone number')).toHaveValue(/712/);
  await page.getByRole('button', { name: 'Pay Ksh 990' }).click();

  await expect(page).toHaveURL(new RegExp(`/payment/confirmationpage\\?order_id=${orderId}`));
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText('Amount paid: Ksh 990')).toBeVisible();
  await expect(nav.getByRole('link', { name: /Cart/ })).toContainText(/\(0 items? in cart\)/);

  await page.getByRole('link', { name: 'View My Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const card = page.getByRole('article', { name: `Order #${orderId}` });
  await expect(card.getByText('Processing', { exact: true })).toBeVisible();
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  await expect(card).toContainText('Total: Ksh 990');

  await nav.getByRole('link', { name: /Cart/ }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();

  // Sold: the stock left the shop with the order.
  expect((await getProduct(jacket.id)).stock_quantity).toBe(0);
  expect((await getProduct(scarf.id)).stock_quantity).toBe(0);
});
