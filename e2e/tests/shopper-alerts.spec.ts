import { expect, test, type Page } from '@playwright/test';
import { call, registerCustomer, useSession } from '../support/api';

// Shopper alerts (docs/product.md section 10): a customer turns on the wishlist and cart alerts on
// the Alerts screen; the choice is kept, and only that switch moves.

const SHOTS = process.env.ALERTS_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a customer turns on wishlist and cart alerts, and the choice is kept', async ({ page }) => {
  const customer = await registerCustomer();
  await useSession(page, customer);
  await page.goto('/account/alerts');

  const wishlist = page.getByLabel(/wishlist gets cheaper, or one I wanted is back on sale/);
  const cart = page.getByLabel(/Remind me once about a cart I leave for a day/);
  await expect(wishlist).not.toBeChecked();
  await expect(cart).not.toBeChecked();
  await wishlist.check();
  await expect(page.getByText('You will get wishlist and cart alerts.')).toBeVisible();
  await shot(page, 'account-alerts');

  await page.reload();
  await expect(wishlist).toBeChecked();
  await expect(cart).not.toBeChecked();
  const saved = await call<{ wishlist_alerts: boolean; cart_reminders: boolean }>('GET', '/user/alert-preferences', {
    token: customer.token,
  });
  expect(saved).toEqual({ wishlist_alerts: true, cart_reminders: false });
});
