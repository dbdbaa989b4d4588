import { expect, test } from '@playwright/test';
import {
  adminSession,
  call,
  createCategory,
  getProduct,
  registerCustomer,
  uniqueTag,
  useSession,
  type Product,
} from '../support/api';
import { liveConnection } from '../support/live';

// Make an offer: the customer offers, the shop counters live, the customer accepts the counter, the
// item is reserved for them (and for nobody else), goes into the cart at the agreed price, and is
// ordered and paid on the sandbox page at that price.

test('a customer haggles: offer → the shop counters → accept → order at the agreed price → pay', async ({
  page,
  browser,
}) => {
  const tag = uniqueTag();
  const admin = await adminSession();
  const category = await createCategory(admin, `E2E haggling ${tag}`);
  const coat = await call<Product>('POST', '/products', {
    token: admin.token,
    base: admin.base,
    json: {
      name: `Wool Coat ${tag}`,
      description: 'A heavy wool coat, one of a kind.',
      price: 1000,
      stock_quantity: 1,
      categories: [category.id],
      negotiable: true,
    },
  });
  const customer = await registerCustomer();

  // The admin's offers list, open in a browser of their own.
  const adminContext = await browser.newContext();
  await useSession(adminContext, admin);
  const adminPage = await adminContext.newPage();
  const adminLive = liveConnection(adminPage);
  await adminPage.goto('/admin/offers');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await adminLive;

  // The customer offers Ksh 700 on the coat's page: between the floor (600) and auto-accept (900).
  await useSession(page, customer);
  const connected = liveConnection(page);
  await page.goto(`/products/${coat.id}`);
  await expect(page.getByRole('heading', { level: 1, name: coat.name })).toBeVisible();
  await connected;
  await page.getByRole('button', { name: 'Make an offer' }).click();
  await expect(page.getByText('Offers from Ksh 600; at Ksh 900 or more it is yours at once')).toBeVisible();
  await page.getByLabel('Your price (Ksh)').fill('700');
  await page.getByRole('button', { name: 'Send offer' }).click();
  await expect(page.getByText('Offer sent. The shop will answer soon')).toBeVisible();
  await expect(page.getByTestId('offer-summary')).toHaveText('You offered Ksh 700. The shop will answer soon.');

  // The offer shows up live for the shop, with the badge; the shop counters with Ksh 850.
  const adminNav = adminPage.getByRole('navigation', { name: 'Main' });
  // other journeys running beside this one may have offers waiting too: the badge counts them all
  await expect(adminNav.getByRole('link', { name: /Offers/ })).toContainText(/\(\d+ waiting for an answer\)/);
  const row = adminPage.getByRole('row').filter({ hasText: coat.name });
  await expect(row).toContainText('Ksh 700');
  await row.getByLabel(`Counter price for ${coat.name}`).fill('850');
  await row.getByRole('button', { name: 'Counter' }).click();
  await expect(adminPage.getByText(`${coat.name}: Counter-offer sent.`)).toBeVisible();
  // answered: it leaves the list of offers waiting for the shop (the badge counts every journey's
  // offers, so it is not read here)
  await expect(row).toHaveCount(0);

  // The customer sees the counter without a reload, and in the bell.
  await expect(page.getByTestId('offer-summary')).toHaveText('You offered Ksh 700; the shop asks Ksh 850.');
  const bell = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)');
  await bell.click();
  await expect(page.getByText(`The shop countered your offer on ${coat.name} with Ksh 850.`)).toBeVisible();
  await bell.click();

  // Accepting holds the coat for the customer: "Reserved" for everyone else.
  await page.getByRole('button', { name: 'Accept Ksh 850' }).click();
  await expect(page.getByText('Offer accepted! The item is reserved for you')).toBeVisible();
  await expect(page.getByTestId('offer-summary')).toContainText('Yours at Ksh 850 until');
  expect(await getProduct(coat.id)).toMatchObject({ reserved: true, stock_quantity: 0 });
  const visitor = await browser.newPage();
  await visitor.goto(`/products/${coat.id}`);
  await expect(visitor.getByRole('button', { name: 'Reserved' }).first()).toBeDisabled();
  await visitor.close();

  // In the cart at the agreed price: Ksh 850, WELCOME10 (85 off) → 765, CBD Delivery Ksh 50 → 815.
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('Your offer: Ksh 850')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('Ksh 850');
  await page.getByLabel('Shipping option').selectOption('CBD Delivery');
  await page.getByLabel('Phone number').fill('0712 345 678');
  await expect(page.getByTestId('estimated-total')).toHaveText('Ksh 815');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  const orderId = Number(/\/checkout\/(\d+)/.exec(page.url())![1]);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText(/Subtotal\s*Ksh 850/);
  await expect(summary.getByTestId('order-total')).toHaveText('Ksh 815');
  await expect(
    page
      .getByRole('region', { name: `Order #${orderId}` })
      .getByRole('listitem')
      .filter({ hasText: coat.name }),
  ).toContainText('1 × Ksh 850');

  // Pay on the sandbox page.
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await page.getByRole('button', { name: 'Pay Ksh 815' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/confirmationpage\\?order_id=${orderId}`));
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText('Amount paid: Ksh 815')).toBeVisible();

  // My offers shows it ordered; the hold became the order's: the coat is sold, not reserved.
  await page.goto('/my-offers');
  await expect(page.getByRole('heading', { level: 1, name: 'My Offers' })).toBeVisible();
  await expect(page.getByText('Ordered at Ksh 850.')).toBeVisible();
  expect(await getProduct(coat.id)).toMatchObject({ reserved: false, stock_quantity: 0 });

  await adminContext.close();
});
