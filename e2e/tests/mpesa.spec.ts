import { expect, test, type Page } from '@playwright/test';
import { adminSession, freshProduct, placeOrder, registerCustomer, useSession } from '../support/api';

// The M-Pesa prompt at checkout: the shop sends a prompt to the shopper's phone; in the sandbox the
// "phone" is the simulated phone page, opened from the waiting screen in another tab.

/** Opens the simulated phone from the waiting screen (a new tab) and answers the prompt there. */
async function answerOnPhone(page: Page, answer: string): Promise<void> {
  const link = page.getByRole('link', { name: 'Open the simulated phone' });
  const [phone] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(phone.getByText('Simulated phone — test only, no money moves.')).toBeVisible();
  await phone.getByRole('button', { name: answer }).click();
  await expect(phone.getByRole('heading', { name: /Paid|Answered/ })).toBeVisible();
  await phone.close();
}

test('an order paid with the M-Pesa prompt: the simulated phone accepts', async ({ page }) => {
  const admin = await adminSession();
  const { product } = await freshProduct(admin, { label: 'Kitenge Shirt', price: 1200 });
  const customer = await registerCustomer();
  const order = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
  await useSession(page, customer);

  await page.goto(`/checkout/${order.id}`);
  // 1200 − 10% first order = 1080; above Ksh 1000, CBD Delivery is free.
  await expect(page.getByTestId('order-total')).toHaveText('Ksh 1,080');
  await expect(page.getByLabel('M-Pesa phone number')).toHaveValue('0712 345 678');
  await page.getByRole('button', { name: 'Pay Ksh 1,080 with M-Pesa' }).click();

  await expect(page.getByRole('heading', { name: 'Check your phone and enter your M-Pesa PIN' })).toBeVisible();
  await expect(page.getByText('We sent a prompt for Ksh 1,080 to 0712 345 678.')).toBeVisible();
  await expect(page.getByTestId('mpesa-countdown')).toBeVisible();

  await answerOnPhone(page, 'Enter PIN and pay');
  // the waiting screen follows the payment by itself: no reload
  await expect(page.getByText('This order is paid.')).toBeVisible();
  await page.getByRole('link', { name: 'View the order' }).click();
  await expect(page.getByRole('region', { name: 'Status history' }).getByText('Pending → Processing')).toBeVisible();
});

test('a prompt that times out, "Resend prompt", then paid', async ({ page }) => {
  const admin = await adminSession();
  const { product } = await freshProduct(admin, { label: 'Denim Dungarees', price: 900 });
  const customer = await registerCustomer();
  const order = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
  await useSession(page, customer);

  await page.goto(`/checkout/${order.id}`);
  // 900 − 10% = 810, plus Ksh 50 CBD Delivery.
  await page.getByRole('button', { name: 'Pay Ksh 860 with M-Pesa' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone and enter your M-Pesa PIN' })).toBeVisible();

  await answerOnPhone(page, 'Let it time out (no answer)');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The phone did not answer the M-Pesa prompt in time.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay another way' })).toBeVisible();

  await page.getByRole('button', { name: 'Resend prompt' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone and enter your M-Pesa PIN' })).toBeVisible();
  await answerOnPhone(page, 'Enter PIN and pay');
  await expect(page.getByText('This order is paid.')).toBeVisible();
});

test('a phone that is not a Kenyan mobile is refused with the message under the field', async ({ page }) => {
  const admin = await adminSession();
  const { product } = await freshProduct(admin, { label: 'Linen Scarf', price: 500 });
  const customer = await registerCustomer();
  const order = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
  await useSession(page, customer);

  await page.goto(`/checkout/${order.id}`);
  await page.getByLabel('M-Pesa phone number').fill('020 123 4567');
  await page.getByRole('button', { name: /with M-Pesa$/ }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Enter a Kenyan M-Pesa number, such as 0712 345 678 or +254 712 345 678.',
  );
  // nothing was sent: the shopper corrects the number and pays
  await page.getByLabel('M-Pesa phone number').fill('0712345678');
  await page.getByRole('button', { name: /with M-Pesa$/ }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone and enter your M-Pesa PIN' })).toBeVisible();
});
