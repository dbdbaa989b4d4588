import { expect, test } from '@playwright/test';
import {
  adminSession,
  createCategory,
  createProduct,
  registerCustomer,
  shopUrl,
  uniqueTag,
  useSession,
} from '../support/api';

// Where orders come from: a shopper shares an item on WhatsApp; a friend opens the shared link,
// buys it and pays; the owner's dashboard counts the sale under WhatsApp, and the CSV says so.

test('a friend arrives by a WhatsApp share link and orders; the dashboard counts it under WhatsApp', async ({
  browser,
  page,
}) => {
  const tag = uniqueTag();
  const admin = await adminSession();
  const category = await createCategory(admin, `E2E sources ${tag}`);
  const item = await createProduct(admin, {
    name: `Shared Kitenge Dress ${tag}`,
    price: 650,
    stock_quantity: 1,
    categories: [category.id],
  });

  // The sharer: the product page's "Share on WhatsApp" writes the item's link into the message.
  await page.goto(`/products/${item.id}`);
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  const shareLink = page.getByRole('link', { name: 'Share on WhatsApp' });
  // the page is drawn on the server; the shop's address joins the message once the app runs
  await expect(shareLink).toHaveAttribute('href', /http%3A%2F%2F/);
  const share = await shareLink.getAttribute('href');
  const message = decodeURIComponent(new URL(share!).searchParams.get('text') ?? '');
  const link = /https?:\/\/\S+/.exec(message)?.[0];
  expect(link).toBe(`${new URL(shopUrl()).origin}/products/${item.id}?src=wa`);

  // The friend, in their own browser, opens the link from the chat and buys the dress.
  const friend = await registerCustomer();
  const context = await browser.newContext();
  const phone = await context.newPage();
  await useSession(phone, friend);
  await phone.goto(link!);
  await expect(phone.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  await phone.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(phone.getByText('Added to Cart!')).toBeVisible();
  await phone.goto('/cart');
  await phone.getByLabel('Shipping option').selectOption('CBD Delivery');
  await phone.getByLabel('Phone number').fill('0712 345 678');
  await phone.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(phone).toHaveURL(/\/checkout\/\d+$/);
  const orderId = Number(/\/checkout\/(\d+)/.exec(phone.url())![1]);
  await phone.getByRole('button', { name: 'Pay Now' }).click();
  await expect(phone).toHaveURL(/\/pay\/sandbox\//);
  await phone.getByRole('button', { name: /^Pay Ksh/ }).click();
  await expect(phone.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await context.close();

  // The owner: the dashboard's "Where orders come from" has WhatsApp with an arrival and a sale.
  await useSession(page, admin);
  await page.goto('/admin');
  const sources = page.getByRole('region', { name: 'Where orders come from' });
  const whatsapp = sources.getByTestId('source-whatsapp');
  await expect(whatsapp).toContainText('WhatsApp');
  const cells = whatsapp.getByRole('cell');
  // other journeys may bring WhatsApp sales too (manual orders sold on WhatsApp): at least this one
  expect(Number(await cells.nth(1).textContent())).toBeGreaterThanOrEqual(1);
  expect(Number(await cells.nth(2).textContent())).toBeGreaterThanOrEqual(1);

  // The accountant's CSV names the source of this very order.
  const csv = await fetch(`${shopUrl()}/api/admin/orders.csv?range=7d`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(csv.status).toBe(200);
  const lines = (await csv.text()).trim().split('\n');
  const column = lines[0]!.trim().split(',').indexOf('source');
  expect(column).toBeGreaterThan(0);
  const row = lines.find((l) => l.replace(/^\uFEFF/, '').startsWith(`${orderId},`));
  expect(row?.trim().split(',')[column]).toBe('whatsapp');
});
