import { expect, test } from '@playwright/test';
import {
  addToCart,
  adminSession,
  freshProduct,
  getProduct,
  placeOrder,
  registerCustomer,
  useSession,
} from '../support/api';
import { liveConnection } from '../support/live';
import { startShop } from '../support/shop';

// Journey 6: a failed sandbox payment returns to checkout and can be retried; an order left unpaid
// past its reservation is cancelled and its item goes back on sale.

test('a failed payment comes back to checkout with the message, and paying again works', async ({ page }) => {
  const admin = await adminSession();
  const { product } = await freshProduct(admin, { label: 'Corduroy Trousers', price: 800 });
  const customer = await registerCustomer();
  const order = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
  await useSession(page, customer);

  await page.goto(`/checkout/${order.id}`);
  // 800 − 10% first order = 720, plus Ksh 50 CBD Delivery.
  await expect(page.getByTestId('order-total')).toHaveText('Ksh 770');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await page.getByRole('button', { name: 'Cancel payment' }).click();

  await expect(page).toHaveURL(new RegExp(`/checkout/${order.id}\\?payment=failed$`));
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your payment did not go through. You can try again.' }),
  ).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('Ksh 770');

  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await page.getByRole('button', { name: 'Pay Ksh 770' }).click();
  await expect(page).toHaveURL(/\/payment\/confirmationpage/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText('Amount paid: Ksh 770')).toBeVisible();
});

test('an order left unpaid past its reservation is cancelled and its item is on sale again', async ({ page }) => {
  // Its own shop, where a reservation lasts 8 s and the sweeper looks every second.
  const shop = await startShop({
    MAIL_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    ORDER_RESERVATION_SECONDS: '8',
    SWEEP_INTERVAL_SECONDS: '1',
    SEED_DEMO: '0',
  });
  try {
    const admin = await adminSession(shop.url);
    const { product } = await freshProduct(admin, { label: 'Reserved Leso', price: 450 });
    const customer = await registerCustomer({ base: shop.url });
    await addToCart(customer, product.id);
    await useSession(page, customer);

    const connected = liveConnection(page);
    await page.goto(`${shop.url}/cart`);
    await connected;
    await page.getByLabel('Shipping option').selectOption('Paid custom delivery');
    await page.getByLabel('Phone number').fill('0722 000 111');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\/\d+$/);
    const orderId = Number(/\/checkout\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByText('Your items are reserved for you until')).toBeVisible();
    expect((await getProduct(product.id, shop.url)).stock_quantity).toBe(0);

    // Nobody pays. The orders list follows the order live until the sweeper cancels it.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Orders/ })
      .click();
    const card = page.getByRole('article', { name: `Order #${orderId}` });
    const progress = card.getByRole('progressbar', { name: `Order #${orderId} progress` });
    await expect(progress).toHaveAttribute('aria-valuetext', 'Pending, 25%');
    await expect(card.getByRole('link', { name: 'Pay now' })).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuetext', /^Cancelled/, { timeout: 30_000 });
    await expect(card.getByRole('link', { name: 'Pay now' })).toHaveCount(0);

    await page.goto(`${shop.url}/checkout/${orderId}`);
    await expect(page.getByText('This order is cancelled and cannot be paid.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);

    // The piece is for sale again.
    await page.goto(`${shop.url}/products/${product.id}`);
    await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
    expect((await getProduct(product.id, shop.url)).stock_quantity).toBe(1);
  } finally {
    await shop.stop();
  }
});
