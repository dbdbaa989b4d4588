import { expect, test } from '@playwright/test';
import {
  adminSession,
  freshProduct,
  getProduct,
  payOrder,
  placeOrder,
  registerCustomer,
  useSession,
} from '../support/api';
import { liveConnection } from '../support/live';

// Journey 9: the customer asks to cancel a paid order; the admin sees the request, cancels, and the
// one-of-a-kind item is back in stock.

test('a cancellation request reaches the admin, who cancels; the item is back in stock', async ({ page, browser }) => {
  const admin = await adminSession();
  const { product } = await freshProduct(admin, { label: 'Ankara Wrap Skirt', price: 700 });
  const customer = await registerCustomer();
  const order = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
  await payOrder(customer, order.id);
  expect((await getProduct(product.id)).stock_quantity).toBe(0);

  await useSession(page, customer);
  const connected = liveConnection(page);
  await page.goto(`/orders/${order.id}`);
  const progress = page.getByRole('progressbar', { name: `Order #${order.id} progress` });
  await expect(progress).toHaveAttribute('aria-valuetext', 'Processing, 50%');
  await connected;
  await page.getByRole('button', { name: 'Request Cancel' }).click();
  const confirm = page.getByRole('dialog', { name: 'Request cancellation?' });
  await expect(confirm).toContainText(`order #${order.id}`);
  await confirm.getByRole('button', { name: 'Request Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Your cancellation request was sent. We'll update you shortly.")).toBeVisible();
  await expect(page.getByText('Cancellation requested on')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Cancel' })).toHaveCount(0);
  // Only a request: the order is still processing.
  await expect(progress).toHaveAttribute('aria-valuetext', 'Processing, 50%');

  // The admin sees the badge in the orders list and cancels from the order's page.
  const adminContext = await browser.newContext();
  await useSession(adminContext, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/orders?status=processing');
  const row = adminPage
    .getByRole('row')
    .filter({ has: adminPage.getByRole('link', { name: `#${order.id}`, exact: true }) });
  await expect(row.getByText('Cancel requested')).toBeVisible();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: `#${order.id}`, exact: true }).click();

  await expect(adminPage).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
  await expect(adminPage.getByText('The customer asked to cancel this order')).toBeVisible();
  await adminPage.getByRole('button', { name: 'Approve and cancel the order' }).click();
  await expect(adminPage.getByText('Order cancelled.')).toBeVisible();
  await expect(adminPage.getByText('The customer asked to cancel this order')).toBeHidden();
  // The order was paid: the refund is now due, and the admin records it.
  await expect(adminPage.getByText('Refund due')).toBeVisible();
  const refund = adminPage.getByRole('form', { name: 'Record a refund' });
  await refund.getByLabel('Reference').fill('QJK8HS7TQ1');
  await refund.getByRole('button', { name: 'Record refund' }).click();
  await expect(adminPage.getByText('Refund recorded.')).toBeVisible();
  await expect(adminPage.getByText('Refunded', { exact: true })).toBeVisible();

  // The customer's page follows, and the piece is on sale again.
  await expect(progress).toHaveAttribute('aria-valuetext', /^Cancelled/);
  expect((await getProduct(product.id)).stock_quantity).toBe(1);
  await adminPage.goto(`/admin/products?q=${encodeURIComponent(product.name)}`);
  const productRow = adminPage.getByRole('row').filter({ has: adminPage.getByRole('link', { name: product.name }) });
  await expect(productRow.getByRole('cell').nth(2)).toHaveText('1');

  await page.goto(`/products/${product.id}`);
  await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
  await adminContext.close();
});
