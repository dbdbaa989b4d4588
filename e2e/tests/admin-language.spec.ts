import { expect, test, type Page } from '@playwright/test';
import { adminSession, useSession } from '../support/api';

// The admin stays English (docs/product.md section 18): an admin whose browser chose Kiswahili
// sees the storefront in Kiswahili, and the admin's screens, with every piece they share with the
// storefront (the top bar, the account menu, the footer), in English.

async function footerSays(page: Page, heading: string) {
  await expect(page.locator('footer').getByRole('heading', { name: heading })).toBeVisible();
}

test('an admin with the Kiswahili cookie gets the admin screens in English and the storefront in Kiswahili', async ({
  page,
  context,
}) => {
  const admin = await adminSession();
  await useSession(page, admin);
  await context.addCookies([{ name: 'mtumba_lang', value: 'sw', url: admin.base }]);
  const bar = page.locator('nav.site-nav');

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await footerSays(page, 'Tunapokea');

  // into the admin by its link: drawn by the app, no reload
  await bar.getByRole('link', { name: 'Manage Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await footerSays(page, 'We accept');
  await expect(page.locator('footer').getByRole('group', { name: /Language|Lugha/ })).toHaveCount(0);
  await bar.getByRole('button', { name: `Account menu for ${admin.user.name}` }).click();
  await expect(bar.getByRole('button', { name: 'My Account' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Logout' })).toBeVisible();

  // an admin screen opened directly is English from the start
  await page.goto('/admin/products');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await footerSays(page, 'We accept');
  await expect(page.getByText('Tunapokea')).toHaveCount(0);

  // back on the storefront the browser's choice applies again; the footer's link is clicked once
  // the screen's lists have loaded: each pushes the footer down, and a click aimed while one
  // arrives lands on the list instead
  await expect(page.getByRole('button', { name: /^Edit category / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit (?!category )/ }).first()).toBeVisible();
  await page.locator('footer').getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await footerSays(page, 'Tunapokea');
  await expect(page.locator('footer').getByRole('group', { name: 'Lugha' })).toBeVisible();
});
