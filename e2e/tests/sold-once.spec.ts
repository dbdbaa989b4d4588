import { expect, test, type Page } from '@playwright/test';
import { addToCart, adminSession, freshProduct, getProduct, registerCustomer, useSession } from '../support/api';

// Journey 5: one item of stock 1, two customers checking out at the same moment in two browsers:
// exactly one gets an order and reaches the payment page, the other is told it is gone.

test('two customers race for the last piece: exactly one reaches the payment page', async ({ browser }) => {
  const admin = await adminSession();
  const { product } = await freshProduct(admin, { label: 'Last Vintage Kanzu', price: 650, stock: 1 });
  const shoppers = await Promise.all([registerCustomer(), registerCustomer()]);
  for (const shopper of shoppers) await addToCart(shopper, product.id);

  const pages: Page[] = [];
  for (const shopper of shoppers) {
    const context = await browser.newContext();
    await useSession(context, shopper);
    const page = await context.newPage();
    await page.goto('/cart');
    await expect(page.getByRole('link', { name: product.name })).toBeVisible();
    await page.getByLabel('Shipping option').selectOption('CBD Delivery');
    await page.getByLabel('Phone number').fill('0712 345 678');
    pages.push(page);
  }

  // Both press Proceed to Checkout together.
  await Promise.all(pages.map((page) => page.getByRole('button', { name: 'Proceed to Checkout' }).click()));

  const onCheckout = (page: Page) => /\/checkout\/\d+$/.test(new URL(page.url()).pathname);
  const refused = (page: Page) =>
    page
      .getByText(`Not enough stock for ${product.name}. Please reduce the quantity or choose another product.`)
      .isVisible();
  await expect
    .poll(async () => {
      const states = await Promise.all(
        pages.map(async (page) => (onCheckout(page) ? 'order' : (await refused(page)) ? 'refused' : 'waiting')),
      );
      return states.sort().join(',');
    })
    .toBe('order,refused');

  const winner = pages.find(onCheckout)!;
  const loser = pages.find((page) => !onCheckout(page))!;

  // The loser stays on the cart, where the line now says it is sold out.
  await expect(loser).toHaveURL(/\/cart$/);
  await expect(loser.getByText('Sold out: remove it to check out.')).toBeVisible();

  // The winner goes on to the payment page.
  await winner.getByRole('button', { name: 'Pay Now' }).click();
  await expect(winner).toHaveURL(/\/pay\/sandbox\//);
  await expect(winner.getByText('Test payment — no money moves.')).toBeVisible();
  await expect(winner.getByRole('button', { name: 'Pay Ksh 635' })).toBeVisible();

  expect((await getProduct(product.id)).stock_quantity).toBe(0);
  await Promise.all(pages.map((page) => page.context().close()));
});
