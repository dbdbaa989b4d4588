import { expect, test, type Page } from '@playwright/test';
import {
  addToCart,
  adminSession,
  call,
  freshProduct,
  payOrder,
  placeOrder,
  registerCustomer,
  useSession,
  type Session,
} from '../support/api';

// Delivery methods and pay on delivery (docs/product.md section 11): a pickup order showing its
// pickup point; a doorstep delivery with an address, paid with the M-Pesa prompt; and pay on delivery
// through to delivered, with the rider's collection recorded by the admin.

const SHOTS = process.env.DELIVERY_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A customer whose first order was delivered: pay on delivery is open to them. */
async function customerWithDeliveredOrder(admin: Session): Promise<Session> {
  const customer = await registerCustomer();
  const { product } = await freshProduct(admin, { label: 'First Kikoi', price: 300 });
  const first = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
  await payOrder(customer, first.id);
  for (const status of ['shipped', 'delivered']) {
    await call('PUT', `/admin/orders/${first.id}`, { token: admin.token, json: { order_status: status } });
  }
  return customer;
}

test('a pickup order shows the pickup point, its opening hours and how long the parcel waits', async ({ page }) => {
  const admin = await adminSession();
  const { product } = await freshProduct(admin, { label: 'Ankara Skirt', price: 700 });
  const customer = await registerCustomer();
  await addToCart(customer, product.id);
  await useSession(page, customer);

  // The product page tells when it can be picked up or delivered.
  await page.goto(`/products/${product.id}`);
  const estimates = page.getByRole('region', { name: 'Delivery & returns' });
  await expect(estimates).toContainText(/CBD Delivery: .* · ready for pickup in 1–2 days/);
  await expect(estimates).toContainText('Nairobi doorstep delivery');
  await shot(page, 'product');

  await page.goto('/cart');
  // 700 − 70 first order = 630: Ksh 371 more makes it above Ksh 1000.
  await expect(page.getByTestId('free-delivery-nudge')).toHaveText('Add Ksh 371 more for free CBD Delivery');
  await page.getByLabel('Shipping option').selectOption('CBD Delivery');
  const pickup = page.getByTestId('pickup-point');
  await expect(pickup).toContainText('Gikomba Market Lane, Nairobi CBD');
  await expect(pickup).toContainText('Open Mon–Sat 8:00–18:00');
  await expect(pickup).toContainText('We hold your parcel 7 days');
  await page.getByLabel('Phone number').fill('0712 345 678');
  await shot(page, 'cart-pickup');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  const orderId = Number(/\/checkout\/(\d+)/.exec(page.url())![1]);

  await page.goto(`/orders/${orderId}`);
  const details = page.getByTestId('order-delivery');
  await expect(details).toContainText('Shop 14, Gikomba Market Lane, Nairobi CBD');
  await expect(details).toContainText('Open Mon–Sat 8:00–18:00');
  await expect(details).toContainText('We hold your parcel for 7 days once it is ready.');
  await expect(details).toContainText('1–2 days');
});

test('doorstep delivery takes an area and an address, and is paid with the M-Pesa prompt', async ({ page }) => {
  const admin = await adminSession();
  const { product } = await freshProduct(admin, { label: 'Denim Dungarees', price: 1500 });
  const customer = await registerCustomer();
  await addToCart(customer, product.id);
  await useSession(page, customer);

  await page.goto('/cart');
  await page.getByLabel('Shipping option').selectOption({ label: 'Nairobi doorstep delivery' });
  await page.getByLabel('Phone number').fill('0722 000 111');
  // Without an address the form says what is missing and sends nothing.
  await page.getByLabel('Area').selectOption('Westlands, Kilimani and Lavington');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  // marked on the field itself
  await expect(page.getByText('Enter the delivery address')).toBeVisible();
  await expect(page.getByLabel('Delivery address')).toHaveClass(/is-invalid/);
  await expect(page).toHaveURL(/\/cart$/);

  await page.getByLabel('Delivery address').fill('Argwings Kodhek Road, Apartment 4B');
  await page.getByLabel('Landmark or notes').fill('Next to Yaya Centre');
  // 1500 − 150 first order = 1350, Westlands Ksh 250.
  await expect(page.getByTestId('estimated-total')).toHaveText('Ksh 1,600');
  await shot(page, 'cart-doorstep');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  const orderId = Number(/\/checkout\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByTestId('order-total')).toHaveText('Ksh 1,600');
  await expect(page.getByTestId('order-delivery')).toContainText('Argwings Kodhek Road, Apartment 4B');

  // Paid with the M-Pesa prompt: the simulated phone (sandbox) accepts.
  await expect(page.getByLabel('M-Pesa phone number')).toHaveValue('0722 000 111');
  await page.getByRole('button', { name: 'Pay Ksh 1,600 with M-Pesa' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone and enter your M-Pesa PIN' })).toBeVisible();
  const [phone] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Open the simulated phone' }).click(),
  ]);
  await phone.getByRole('button', { name: 'Enter PIN and pay' }).click();
  await expect(phone.getByRole('heading', { name: /Paid|Answered/ })).toBeVisible();
  await phone.close();
  await expect(page.getByText('This order is paid.')).toBeVisible();

  await page.goto(`/orders/${orderId}`);
  const details = page.getByTestId('order-delivery');
  await expect(details).toContainText('Westlands, Kilimani and Lavington');
  await expect(details).toContainText('Argwings Kodhek Road, Apartment 4B');
  await expect(details).toContainText('Next to Yaya Centre');
});

test('pay on delivery: confirmed without paying, shipped, the rider’s M-Pesa recorded, delivered', async ({
  page,
  browser,
}) => {
  const admin = await adminSession();
  const customer = await customerWithDeliveredOrder(admin);
  const { product } = await freshProduct(admin, { label: 'Leather Sandals', price: 900 });
  await addToCart(customer, product.id);
  await useSession(page, customer);

  await page.goto('/cart');
  await page.getByLabel('Shipping option').selectOption('CBD Delivery');
  await page.getByLabel('Phone number').fill('0712 345 678');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  const orderId = Number(/\/checkout\/(\d+)/.exec(page.url())![1]);

  // 900 + Ksh 50 CBD Delivery (a returning customer has no first-order offer).
  const pod = page.getByTestId('pay-on-delivery');
  await shot(page, 'checkout-pod');
  await pod.getByRole('button', { name: 'Pay Ksh 950 on delivery' }).click();
  // CBD Delivery is a pickup point: paid there, there is no rider
  await expect(pod).toContainText(
    'Your order is confirmed. Pay Ksh 950 at the pickup point when you collect your order (cash or M-Pesa).',
  );
  await expect(pod).not.toContainText('rider');
  await expect(page.getByRole('status').filter({ hasText: 'Confirmed: you pay on delivery.' })).toBeVisible();

  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId('order-delivery')).toContainText('Pay Ksh 950 at the pickup point');
  await shot(page, 'order-pod');

  const adminContext = await browser.newContext();
  await useSession(adminContext, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`/admin/orders/${orderId}`);
  await expect(adminPage.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  await expect(adminPage.getByTestId('order-delivery')).toContainText('Pay Ksh 950 at the pickup point');
  const status = adminPage.getByLabel('Status', { exact: true });
  await expect(status).toHaveValue('processing');
  // choosing Shipped opens the ship dialog: who takes the parcel, then the confirm step
  await status.selectOption('shipped');
  const ship = adminPage.getByRole('dialog', { name: `Ship order #${orderId}` });
  await ship.getByLabel('Rider or courier').fill('Rider Juma');
  await ship.getByRole('button', { name: 'Next' }).click();
  await ship.getByRole('button', { name: 'Confirm and ship' }).click();
  await expect(adminPage.getByText('Order shipped. The customer was told.')).toBeVisible();
  await expect(status).toHaveValue('shipped');

  // Not delivered before the rider's collection is recorded.
  await status.selectOption('delivered');
  await expect(adminPage.getByText('Record the payment the rider collected')).toBeVisible();

  const record = adminPage.getByRole('form', { name: 'Record a payment' });
  await record.getByLabel('Method').selectOption('mpesa');
  await record.getByLabel('Reference (M-Pesa code)').fill('SKL4T7XQ2M');
  await record.getByRole('button', { name: 'Record payment' }).click();
  await expect(adminPage.getByTestId('order-delivery')).toContainText('Paid on delivery');
  await shot(adminPage, 'admin-order-pod');

  await status.selectOption('delivered');
  await expect(adminPage.getByText('Status updated.')).toBeVisible();
  await expect(status).toHaveValue('delivered');
  await adminContext.close();

  await page.reload();
  await expect(page.getByRole('progressbar', { name: /progress/ }).first()).toHaveAttribute(
    'aria-valuetext',
    'Delivered, 100%',
  );
});
