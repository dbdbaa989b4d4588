import { expect, test } from '@playwright/test';
import {
  adminSession,
  call,
  createCategory,
  mailboxDir,
  payOrder,
  registerCustomer,
  shopUrl,
  uniqueTag,
  useSession,
  type Order,
  type Product,
  type Session,
} from '../support/api';
import { liveConnection } from '../support/live';
import { waitForMail } from '../support/mailbox';

// The shop owner's day (issue 34): a paid order rings the admin's bell and waits in To ship; the
// owner prints its packing slip and ships it with a waybill; the customer's page and e-mail show
// the carrier and the number.

const ADDRESS = 'Kindaruma Road, Maua Apartments, door 4B';
const ZONE = 'Westlands, Kilimani and Lavington';

/** Places a doorstep order through the API, the way the checkout does. */
async function placeDoorstepOrder(customer: Session, productId: number): Promise<Order> {
  const methods = await call<{ id: number; kind: string; name: string }[]>('GET', '/delivery-methods');
  const doorstep = methods.find((m) => m.kind === 'doorstep')!;
  const reply = await call<{ order: Order }>('POST', '/orders', {
    token: customer.token,
    json: {
      items: [{ product_id: productId, quantity: 1 }],
      shipping_phone: '0712345678',
      discount_code: null,
      delivery_method_id: doorstep.id,
      delivery_zone: ZONE,
      delivery_address: ADDRESS,
    },
  });
  return reply.order;
}

/** The To ship page an order is on (the queue is oldest first, 20 a page). */
async function toShipPageOf(admin: Session, orderId: number): Promise<number> {
  for (let page = 1; page < 100; page++) {
    const res = await fetch(`${shopUrl()}/api/admin/orders/to-ship?page=${page}&per_page=20`, {
      headers: { Authorization: `Bearer ${admin.token}`, Accept: 'application/json' },
    });
    const orders = (await res.json()) as { id: number }[];
    if (orders.some((o) => o.id === orderId)) return page;
    if (orders.length < 20) break;
  }
  throw new Error(`order ${orderId} is not in the to-ship queue`);
}

test('a paid order rings the bell and waits in To ship; the owner ships it with a waybill', async ({
  page,
  browser,
}) => {
  const tag = uniqueTag();
  const admin = await adminSession();
  const category = await createCategory(admin, `E2E ship ${tag}`);
  const product = await call<Product>('POST', '/products', {
    token: admin.token,
    json: {
      name: `Corduroy shacket ${tag}`,
      description: 'Brown corduroy, one of a kind.',
      price: 1800,
      stock_quantity: 1,
      size: 'L',
      categories: [category.id],
    },
  });
  const customer = await registerCustomer({ name: `Wanjiku ${tag}` });
  const order = await placeDoorstepOrder(customer, product.id);

  // The owner has the shop open when the payment arrives: the bell counts it.
  await useSession(page, admin);
  const connected = liveConnection(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await connected;
  await payOrder(customer, order.id);
  const bell = page.getByRole('button', { name: /^Shop alerts \(\d+ unread\)$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const alert = page.getByRole('link', { name: `Order #${order.id} was paid: ready to ship` });
  await expect(alert).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('to-ship-count')).toHaveText(/\d+ orders? to ship/);

  // To ship: the order with where it goes.
  const queuePage = await toShipPageOf(admin, order.id);
  await page.goto(queuePage > 1 ? `/admin/to-ship?page=${queuePage}` : '/admin/to-ship');
  await expect(page.getByRole('heading', { level: 1, name: 'To ship' })).toBeVisible();
  const card = page.getByTestId(`to-ship-${order.id}`);
  await expect(card).toContainText(`Wanjiku ${tag}`);
  await expect(card).toContainText(`Nairobi doorstep delivery, ${ZONE}`);
  await expect(card).toContainText('Paid');

  // The packing slip: address, item with its size, and no amount to collect; printing drops the bar.
  await card.getByRole('link', { name: 'Packing slip' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}/slip$`));
  await expect(page.getByRole('heading', { level: 1, name: `Packing slip: order #${order.id}` })).toBeVisible();
  await expect(page.getByTestId('slip-address')).toContainText(ADDRESS);
  await expect(page.getByTestId('slip-address')).toContainText(ZONE);
  await expect(page.getByText('0712345678').or(page.getByText('+254712345678'))).toBeVisible();
  const line = page.getByRole('row').filter({ hasText: product.name });
  await expect(line.getByRole('cell').nth(1)).toHaveText('L');
  await expect(line).toContainText('Ksh 1,800');
  await expect(page.getByTestId('slip-amount')).toHaveText('Paid');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByTestId('slip-address')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // Ship from the queue: carrier and waybill, then the confirm step.
  await page.goBack();
  await expect(card).toBeVisible();
  const started = Date.now() - 1000;
  await card.getByRole('button', { name: 'Ship', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order #${order.id}` });
  await dialog.getByLabel('Rider or courier').fill('Rider Otieno');
  await dialog.getByLabel(/Waybill or tracking number/).fill(`WB-${tag}`);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByTestId('ship-confirm')).toContainText(`Ship with Rider Otieno, waybill WB-${tag}?`);
  await dialog.getByRole('button', { name: 'Confirm and ship' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);

  // The admin's order page shows the shipment.
  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByTestId('admin-shipment')).toContainText(`With Rider Otieno, waybill WB-${tag}`);

  // The customer's page and e-mail name the carrier and the waybill.
  const customerContext = await browser.newContext();
  await useSession(customerContext, customer);
  const customerPage = await customerContext.newPage();
  await customerPage.goto(`/orders/${order.id}`);
  await expect(customerPage.getByTestId('order-shipment')).toHaveText(`Shipped with Rider Otieno, waybill WB-${tag}`);
  const mail = await waitForMail(mailboxDir(), customer.email, new RegExp(`Order #${order.id} is shipped`), {
    after: started,
  });
  expect(mail.body).toContain(`WB-${tag}`);
  expect(mail.body).toContain('Rider Otieno');
  await customerContext.close();
});
