import { expect, test } from '@playwright/test';
import { adminSession, call, createCategory, uniqueTag, useSession, type Product } from '../support/api';
import { pngFiles } from '../support/images';
import { filedMails, waitForMail, type ReceivedMail } from '../support/mailbox';
import { startShop, type RunningShop } from '../support/shop';

// Listing from a phone: the admin lists an item at 360 px with a photo as a draft, shoppers cannot
// see it until it is published; the new-arrivals e-mail then reaches a confirmed subscriber, and its
// unsubscribe link works signed out: the next drop goes to others, not to them.

let shop: RunningShop;

test.beforeAll(async () => {
  // Its own shop: the publishing job runs every second and a drop goes out as soon as it is published.
  shop = await startShop({
    MAIL_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    SWEEP_INTERVAL_SECONDS: '1',
    DROP_MAIL_QUIET_SECONDS: '0',
    SEED_DEMO: '0',
  });
});

test.afterAll(async () => {
  await shop?.stop();
});

const mailbox = () => process.env.E2E_MAILBOX!;

function mailsTo(address: string): ReceivedMail[] {
  return filedMails(mailbox()).filter((mail) => mail.to.includes(address));
}

test('an item listed at phone size with a photo goes on sale when published; the drop e-mail unsubscribes signed out', async ({
  browser,
}) => {
  const tag = uniqueTag();
  // Sorted before the control address: a drop queues (and sends) its e-mails in address order.
  const subscriber = `a-drops-${tag}@e2e.test`;
  const control = `z-control-${tag}@e2e.test`;
  // Each address subscribes and confirms through the link e-mailed to it (double opt-in).
  const confirmer = await browser.newPage();
  for (const email of [subscriber, control]) {
    await call('POST', '/subscribe', { json: { email }, base: shop.url });
    const confirm = await waitForMail(mailbox(), email, /^Confirm your .* newsletter subscription$/);
    const confirmLink = (confirm.body.match(/https?:\/\/[^\s"'<>]+/g) ?? [])
      .map((l) => l.replace(/&amp;/g, '&'))
      .find((l) => l.includes('/api/subscribe/confirm?token='))!;
    expect(confirmLink).toBeDefined();
    await confirmer.goto(confirmLink);
    await confirmer.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(confirmer).toHaveURL(/[?&]subscribed=1$/);
  }
  await confirmer.close();
  const admin = await adminSession(shop.url);
  const category = await createCategory(admin, `Jackets ${tag}`);

  const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await useSession(page, admin);
  await page.goto(`${shop.url}/admin/items/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'New item' })).toBeVisible();

  // A photo from the camera input, with its preview.
  await page.locator('input[type="file"][capture="environment"]').setInputFiles(pngFiles(1, 'camera'));
  await expect(page.getByRole('list', { name: 'Chosen images' }).getByRole('img')).toHaveCount(1);
  await page.getByLabel('Price (Ksh)').fill('1200');
  await page.getByRole('checkbox', { name: `Jackets ${tag}` }).check();
  await page.getByRole('radio', { name: 'M', exact: true }).check();
  await page.getByRole('radio', { name: 'Like new' }).check();
  await page.getByLabel('Brand').fill("Levi's");
  await page.getByLabel('Colour').fill('Blue');
  const expectedName = `Levi's blue jackets ${tag}, size M`;
  await expect(page.getByText(`Left blank: “${expectedName}”.`)).toBeVisible();
  await page.getByRole('radio', { name: 'Draft' }).check();

  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: 'Save and add another' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Saved as a draft' });
  await expect(saved).toContainText(expectedName);
  // The next item starts with the same category and size, and no photo.
  await expect(page.getByRole('checkbox', { name: `Jackets ${tag}` })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'M', exact: true })).toBeChecked();
  await expect(page.getByLabel('Price (Ksh)')).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Chosen images' })).toHaveCount(0);
  const href = await saved.getByRole('link', { name: 'View' }).getAttribute('href');
  const id = Number(/\/products\/(\d+)/.exec(href ?? '')![1]);

  // Shoppers: not found, not listed.
  const visitor = await browser.newPage();
  await visitor.goto(`${shop.url}/products/${id}`);
  await expect(visitor.getByText('Product not found.')).toBeVisible();
  const listed = await call<Product[]>('GET', `/categories/${category.id}/products`, { base: shop.url });
  expect(listed).toEqual([]);

  // The admin publishes it from the products table, still on the phone.
  await page.goto(`${shop.url}/admin/products?q=${encodeURIComponent(tag)}`);
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Publish ${expectedName} now` }).click();
  await expect(page.getByText(`“${expectedName}” is on sale.`)).toBeVisible();

  await visitor.goto(`${shop.url}/products/category/${category.id}`);
  await expect(visitor.getByRole('heading', { name: expectedName })).toBeVisible();
  await visitor.goto(`${shop.url}/products/${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: expectedName })).toBeVisible();
  await expect(visitor.locator('img[src*="/uploads/"]').first()).toBeVisible();

  // The drop e-mail, with its one-click headers and the photo.
  const drop = await waitForMail(mailbox(), subscriber, /^New in at Mtumba/);
  expect(drop.subject).toBe(`New in at Mtumba: ${expectedName}`);
  expect(drop.body).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
  expect(drop.body).toMatch(/List-Unsubscribe:\s*<http[^>]+\/api\/unsubscribe\?token=/);
  expect(drop.body).toContain('/uploads/');
  await waitForMail(mailbox(), control, /^New in at Mtumba/);

  // Its unsubscribe link, signed out: opening it changes nothing, the button unsubscribes.
  // The page's link in the text (the header's one, first in the message, is /api/unsubscribe).
  const link = (drop.body.match(/https?:\/\/[^\s"'<>]+/g) ?? [])
    .map((l) => l.replace(/&amp;/g, '&'))
    .find((l) => l.includes('/unsubscribe?token=') && !l.includes('/api/'))!;
  expect(link).toBeDefined();
  await visitor.goto(link);
  await expect(visitor.getByText(/Stop the new-arrivals e-mail to a-\**@e2e\.test\?/)).toBeVisible();
  const before = await call<{ subscribed: boolean }>('GET', `/unsubscribe?${new URL(link).search.slice(1)}`, {
    base: shop.url,
  });
  expect(before.subscribed).toBe(true);
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: 'will get no more new-arrival e-mails' })).toBeVisible();

  // The next drop reaches the control address, and not the one that unsubscribed.
  const next = await call<Product>('POST', '/products', {
    token: admin.token,
    json: { name: `Green kitenge shirt ${tag}`, price: 700, stock_quantity: 1, categories: [category.id] },
    base: shop.url,
  });
  await waitForMail(mailbox(), control, new RegExp(`Green kitenge shirt ${tag}`));
  expect(mailsTo(subscriber).filter((m) => m.subject.includes(next.name))).toEqual([]);
  await phone.close();
  await visitor.close();
});
