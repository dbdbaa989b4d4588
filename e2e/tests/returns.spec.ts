import { expect, test } from '@playwright/test';
import {
  ApiCallError,
  adminSession,
  call,
  freshProduct,
  getProduct,
  payOrder,
  placeOrder,
  registerCustomer,
  useSession,
  type Session,
} from '../support/api';
import { runOnShopDatabase } from '../support/database';

// Returns and refused deliveries (docs/product.md section 15).

async function adminMoves(admin: Session, orderId: number, ...statuses: string[]): Promise<void> {
  for (const order_status of statuses) {
    await call('PUT', `/admin/orders/${orderId}`, { token: admin.token, json: { order_status } });
  }
}

async function deliveredOrder(label: string, price: number) {
  const admin = await adminSession();
  const { product } = await freshProduct(admin, { label, price });
  const customer = await registerCustomer();
  const order = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
  await payOrder(customer, order.id);
  await adminMoves(admin, order.id, 'shipped', 'delivered');
  return { admin, product, customer, order };
}

test('a pay-on-delivery parcel refused at the door is back on sale once the shop receives it', async ({ page }) => {
  const admin = await adminSession();
  const { product } = await freshProduct(admin, { label: 'Kitenge Shirt', price: 900 });
  const customer = await registerCustomer();
  // pay on delivery is open to a customer with a verified phone
  runOnShopDatabase('update users set phone_verified_at = ? where id = ?', new Date().toISOString(), customer.user.id);
  const order = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
  await call('POST', `/orders/${order.id}/pay-on-delivery`, { token: customer.token });
  await adminMoves(admin, order.id, 'shipped');
  expect((await getProduct(product.id)).stock_quantity).toBe(0);

  await useSession(page, admin);
  await page.goto(`/admin/orders/${order.id}`);
  const returns = page.getByRole('region', { name: 'Returns' });
  await returns.getByRole('button', { name: 'Refused at the door' }).click();
  await expect(returns.getByText('Delivery recorded as failed; the items are expected back.')).toBeVisible();
  await expect(returns.getByText('Waiting for the items')).toBeVisible();
  // still with the rider: not on sale until it is back in the shop
  expect((await getProduct(product.id)).stock_quantity).toBe(0);
  const stored = await call<{ order_status: string; payment_status: string }>('GET', `/admin/orders/${order.id}`, {
    token: admin.token,
  });
  expect(stored).toMatchObject({ order_status: 'cancelled', payment_status: 'unpaid' });

  const receive = returns.getByRole('form', { name: `Receive ${product.name}` });
  await expect(receive.getByLabel('Outcome')).toHaveValue('resell');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(returns.getByText('Items received.')).toBeVisible();
  await expect(returns.getByTestId('admin-return')).toContainText('back on sale');
  expect((await getProduct(product.id)).stock_quantity).toBe(1);

  await page.goto(`/products/${product.id}`);
  await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
});

test('a delivered order returned within the window is refunded and the item resold', async ({ page, browser }) => {
  const { admin, product, customer, order } = await deliveredOrder('Denim Jacket', 1200);
  expect((await getProduct(product.id)).stock_quantity).toBe(0);

  await useSession(page, customer);
  await page.goto(`/orders/${order.id}`);
  await page.getByRole('button', { name: 'Return an item' }).click();
  const form = page.getByRole('dialog', { name: 'Return an item' });
  await expect(form.getByLabel(new RegExp(product.name))).toBeChecked();
  await form.getByLabel('Reason').selectOption({ label: 'Not as described' });
  await form.getByLabel('Note (optional)').fill('The collar is torn');
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Requested: the shop will answer by e-mail')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Return an item' })).toHaveCount(0);

  const adminContext = await browser.newContext();
  await useSession(adminContext, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin');
  await expect(adminPage.getByTestId('returns-open')).not.toHaveText('0');
  await adminPage.goto(`/admin/orders/${order.id}`);
  const returns = adminPage.getByRole('region', { name: 'Returns' });
  await expect(returns.getByText('Not as described — The collar is torn')).toBeVisible();
  await returns.getByLabel('Note to the customer').fill('Please bring it to the shop');
  await returns.getByRole('button', { name: 'Approve return' }).click();
  await expect(returns.getByText('Return approved.')).toBeVisible();

  const receive = returns.getByRole('form', { name: `Receive ${product.name}` });
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(returns.getByText('Items received.')).toBeVisible();
  expect((await getProduct(product.id)).stock_quantity).toBe(1);

  const refund = returns.getByRole('form', { name: /^Refund return/ });
  await expect(refund.getByLabel(/^Refund \(up to Ksh/)).not.toHaveValue('');
  await refund.getByLabel('Reference').fill('QRT5RT1234');
  await refund.getByRole('button', { name: 'Record refund' }).click();
  await expect(returns.getByText('Refund recorded.')).toBeVisible();
  await expect(returns.getByText('Refunded', { exact: true })).toBeVisible();
  await adminContext.close();

  await page.reload();
  await expect(page.getByTestId('order-return')).toContainText('Refunded Ksh');
  await page.goto(`/products/${product.id}`);
  await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
});

test('outside the returns window the button is gone and the API answers 422', async ({ page }) => {
  const { customer, order } = await deliveredOrder('Leather Sandals', 600);
  const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
  runOnShopDatabase(
    "update order_history set created_at = ? where order_id = ? and move = 'deliver'",
    eightDaysAgo,
    order.id,
  );

  const lines = await call<{ returnable_items: { id: number }[]; can_request: boolean }>(
    'GET',
    `/orders/${order.id}/returns`,
    { token: customer.token },
  );
  expect(lines.can_request).toBe(false);
  const refused = await call('POST', `/orders/${order.id}/returns`, {
    token: customer.token,
    json: { items: lines.returnable_items.map((l) => l.id), reason: 'does_not_fit' },
  }).catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(ApiCallError);
  expect((refused as ApiCallError).status).toBe(422);
  expect((refused as ApiCallError).body).toMatchObject({
    message: 'Returns are accepted within 7 days of delivery; this order is outside that window.',
  });

  await useSession(page, customer);
  const answered = page.waitForResponse((r) => r.url().endsWith(`/api/orders/${order.id}/returns`));
  await page.goto(`/orders/${order.id}`);
  expect((await answered).status()).toBe(200);
  await expect(page.getByRole('heading', { name: `Order #${order.id}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Return an item' })).toHaveCount(0);
});
