import { expect, test } from '@playwright/test';
import { addToCart, adminSession, call, freshProduct, registerCustomer, uniqueTag, useSession } from '../support/api';

// The admin creates a discount code on the Discount codes screen; a shopper types an expired code
// and is told why under the field, then the live code, and the checkout page lists it after the
// shop's own offers.

test('the admin creates a code; a shopper sees an expired code refused and the live one applied', async ({ page }) => {
  const tag = uniqueTag()
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();
  const admin = await adminSession();
  const expired = `OLD${tag}`;
  await call('POST', '/admin/discount-codes', {
    token: admin.token,
    json: { code: expired, kind: 'percent', amount: 10, ends_at: '2026-01-31T20:59:59.000Z' },
  });

  const live = `KARIBU${tag}`;
  await useSession(page, admin);
  await page.goto('/admin/discount-codes');
  await page.getByRole('button', { name: 'New discount code' }).click();
  const form = page.getByRole('form', { name: 'New discount code' });
  await form.getByLabel('Code').fill(live);
  await form.getByLabel('Kind').selectOption('fixed');
  await form.getByLabel('Amount (Ksh)').fill('100');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('table', { name: 'Discount codes' }).getByRole('row', { name: new RegExp(live) }),
  ).toContainText('Ksh 100 off');

  const { product } = await freshProduct(admin, { label: 'Code Jacket', price: 600 });
  const customer = await registerCustomer();
  await addToCart(customer, product.id);
  await useSession(page, customer);
  await page.goto('/cart');
  await page.getByLabel('Shipping option').selectOption('CBD Delivery');
  await page.getByLabel('Phone number').fill('0712 345 678');
  const codeField = page.getByLabel('Discount code (optional)');
  await codeField.fill(expired.toLowerCase());
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(codeField).toHaveAccessibleDescription(`The code ${expired} expired on 31 January 2026.`);
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');

  await codeField.fill(live);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  const summary = page.getByRole('region', { name: 'Summary' });
  // 600 − 60 (first order) − 100 (code) = 440, plus Ksh 50 CBD Delivery
  await expect(summary.getByRole('list', { name: 'Applied discounts' }).getByRole('listitem')).toHaveText([
    'WELCOME10 - 10% Off First Order',
    `${live} - Ksh 100 off`,
  ]);
  await expect(summary.getByTestId('order-total')).toHaveText('Ksh 490');
});
