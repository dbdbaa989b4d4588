import { expect, test } from '@playwright/test';
import {
  adminSession,
  freshProduct,
  placeOrder,
  payOrder,
  registerCustomer,
  uniqueTag,
  useSession,
} from '../support/api';
import { liveConnection } from '../support/live';

// Journey 4: the customer's order page follows the admin's status changes live (no reload), the bell
// collects the notifications, and once delivered the customer reviews the product.

test('an order page updates live as the admin ships and delivers it, then the customer reviews', async ({
  page,
  browser,
}) => {
  const admin = await adminSession();
  const { product } = await freshProduct(admin, { label: 'Maasai Shuka Blanket', price: 900 });
  const customer = await registerCustomer();
  const order = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
  await payOrder(customer, order.id);

  // The customer's order page, marked so that a reload would show.
  await useSession(page, customer);
  const connected = liveConnection(page);
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${order.id}` })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: `Order #${order.id} progress` });
  await expect(progress).toHaveAttribute('aria-valuetext', 'Processing, 50%');
  await page.evaluate(() => ((window as unknown as { e2eSamePage: boolean }).e2eSamePage = true));
  await connected;
  const bell = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // The admin, in a browser of their own.
  const adminContext = await browser.newContext();
  await useSession(adminContext, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`/admin/orders/${order.id}`);
  await expect(adminPage.getByRole('heading', { level: 1, name: `Order #${order.id}` })).toBeVisible();
  const status = adminPage.getByLabel('Status', { exact: true });
  await expect(status).toHaveValue('processing');
  // choosing Shipped opens the ship dialog: who takes the parcel, then the confirm step
  await status.selectOption('shipped');
  const ship = adminPage.getByRole('dialog', { name: `Ship order #${order.id}` });
  await ship.getByLabel('Rider or courier').fill('Rider Juma');
  await ship.getByRole('button', { name: 'Next' }).click();
  await ship.getByRole('button', { name: 'Confirm and ship' }).click();
  await expect(adminPage.getByText('Order shipped. The customer was told.')).toBeVisible();

  // Shipped, without a reload; the bell has one unread notification.
  await expect(progress).toHaveAttribute('aria-valuetext', 'Shipped, 75%');
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)');
  await expect(bell.getByTestId('notification-badge')).toHaveText('1');
  // the count sits inside its button, not cut off above it by the top of the bar
  const [bellBox, badgeBox] = [await bell.boundingBox(), await bell.getByTestId('notification-badge').boundingBox()];
  expect(badgeBox!.y).toBeGreaterThanOrEqual(bellBox!.y);
  expect(badgeBox!.x + badgeBox!.width).toBeLessThanOrEqual(bellBox!.x + bellBox!.width + 1);
  await bell.click();
  await expect(page.getByRole('link', { name: `Order #${order.id} status changed to Shipped` })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await bell.click();
  await expect(bell.getByTestId('notification-badge')).toHaveCount(0);

  await expect(status).toHaveValue('shipped');
  await status.selectOption('delivered');
  await expect(adminPage.getByText('Status updated.')).toBeVisible();
  await expect(status).toBeDisabled();

  await expect(progress).toHaveAttribute('aria-valuetext', 'Delivered, 100%');
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)');

  // Delivered: the review form appears under the item.
  const review = page.getByRole('form', { name: `Review of ${product.name}` });
  await expect(review).toBeVisible();
  const words = `Warm and thick, as described. ${uniqueTag()}`;
  // The stars are a radio group: a tap on the fourth star picks 4.
  const fourStars = review.getByRole('radio', { name: '4 stars: Very good' });
  await review
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '4 stars: Very good' }) })
    .click();
  await expect(fourStars).toBeChecked();
  await review.getByLabel('Your review').fill(words);
  await review.getByRole('button', { name: 'Submit Review' }).click();
  await expect(review.getByText('Review saved!')).toBeVisible();
  await expect(review.getByRole('button', { name: 'Update Review' })).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true);

  // The review shows on the product's page.
  await page.getByRole('link', { name: product.name }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
  const reviews = page.getByRole('region', { name: 'Customer Reviews' });
  const entry = reviews.getByRole('listitem').filter({ hasText: words });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(customer.user.name);
  await expect(entry).toContainText('4 out of 5');
  await expect(page.getByText('(4 out of 5)')).toBeVisible();

  await adminContext.close();
});
