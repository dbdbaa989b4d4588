import { expect, test, type Page } from '@playwright/test';
import { adminSession, freshProduct, mailboxDir, uniqueTag } from '../support/api';
import { linkIn, waitForMail } from '../support/mailbox';

// A first-time shopper on a cheap phone (360 px): a cart and a heart without an account, sign-up
// at checkout, the phone verified with the code the test shop shows on screen, a first order paid
// on delivery; the ordered items leave the cart, and the next order goes through.

test.use({ viewport: { width: 360, height: 740 } });

/** A Kenyan mobile number no other run has verified (a phone counts for one account at a time). */
function freshPhone(): string {
  const digits = String(Date.now() % 100_000_000).padStart(8, '0');
  return `07${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
}

const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart \(/ });

test('a guest fills a cart, registers at checkout, verifies a phone, pays on delivery, then orders again', async ({
  page,
}) => {
  const admin = await adminSession();
  const tag = uniqueTag();
  const { product: jacket } = await freshProduct(admin, { label: 'First Jacket', price: 600, tag });
  const { product: skirt } = await freshProduct(admin, { label: 'First Skirt', price: 400, tag });
  const { product: scarf } = await freshProduct(admin, { label: 'First Scarf', price: 500, tag });
  const email = `first-${tag}@e2e.test`;
  const password = `mitumba-${tag}`;
  const phone = freshPhone();

  // A visitor: Add to Cart and the heart work without a sign-in box; the header counts the cart.
  await page.goto(`/products/${jacket.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart (1 item in cart)');
  await page.goto(`/products/${skirt.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart (2 items in cart)');
  await page.goto(`/products/${scarf.id}`);
  await page.getByRole('button', { name: 'Add to Wishlist' }).first().click();
  await expect(page.getByRole('button', { name: 'In Wishlist' }).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The cart on a phone: photos, no stepper for one-of-a-kind items, sign-up offered to check out.
  await cartLink(page).click();
  await expect(page.getByRole('link', { name: jacket.name, exact: true })).toBeVisible();
  await expect(page.locator('.cart-table .cart-thumb')).toHaveCount(2);
  await expect(page.locator('.cart-table .cart-thumb').first()).toBeVisible();
  await expect(page.getByRole('group', { name: `Quantity of ${jacket.name}` })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('guest-cart-360.png'), fullPage: true });
  const signUp = page.getByTestId('checkout-sign-up');
  await signUp.getByRole('button', { name: 'Sign up with e-mail' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await expect(dialog.getByTestId('sign-in-reason')).toContainText('Your cart and wishlist come with you.');
  const started = Date.now() - 1000;
  await dialog.getByLabel('Name').fill(`Akinyi ${tag}`);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Account created!')).toBeVisible();
  // the browser's cart went into the new account
  await expect(cartLink(page)).toHaveAccessibleName('Cart (2 items in cart)');

  const mail = await waitForMail(mailboxDir(), email, /verify/i, { after: started });
  await page.goto(linkIn(mail, '/api/email/verify'));
  await expect(page.getByRole('heading', { level: 1, name: 'Your email is verified' })).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('link', { name: skirt.name, exact: true })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart (2 items in cart)');
  // A missing choice is marked on the field itself.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByLabel('Shipping option')).toHaveClass(/is-invalid/);
  await expect(page.getByText('Choose a shipping option.')).toBeVisible();
  await page.getByLabel('Shipping option').selectOption({ label: 'CBD Delivery' });
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);

  // Pay on delivery is locked for a first order; the phone step is right there.
  const pod = page.getByTestId('pay-on-delivery');
  await expect(pod.getByTestId('pod-unavailable')).toContainText('verified your phone number');
  await pod.getByRole('button', { name: 'Verify your phone' }).click();
  await expect(pod.getByLabel('Mobile number')).toHaveValue(phone.replace(/\s/g, ''));
  await pod.getByRole('button', { name: 'Send code by SMS' }).click();
  const shown = pod.getByTestId('sandbox-sms-code');
  await expect(shown).toBeVisible();
  const code = /\d{6}/.exec((await shown.textContent()) ?? '')?.[0] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.screenshot({ path: test.info().outputPath('phone-code-360.png'), fullPage: true });
  await pod.getByLabel('Code from the text message').fill(code);
  await pod.getByRole('button', { name: 'Verify', exact: true }).click();

  // 600 + 400 − 10% first order = 900, plus Ksh 50 CBD Delivery.
  await pod.getByRole('button', { name: 'Pay Ksh 950 on delivery' }).click();
  // CBD Delivery is a pickup point: paid there, there is no rider
  await expect(pod).toContainText('Pay Ksh 950 at the pickup point when you collect your order');
  await expect(pod).not.toContainText('rider');

  // The ordered items left the cart, and its badge, at once.
  await expect(cartLink(page)).toHaveAccessibleName('Cart (0 items in cart)');
  await cartLink(page).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();

  // The next order: the scarf from the wishlist, paid with the M-Pesa prompt.
  await page.goto('/wishlist');
  await page.getByRole('button', { name: 'Move to Cart' }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart (1 item in cart)');
  await cartLink(page).click();
  await expect(page.getByRole('link', { name: scarf.name, exact: true })).toBeVisible();
  await page.getByLabel('Shipping option').selectOption({ label: 'CBD Delivery' });
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(cartLink(page)).toHaveAccessibleName('Cart (0 items in cart)');

  await page.getByRole('button', { name: /with M-Pesa$/ }).click();
  const link = page.getByRole('link', { name: 'Open the simulated phone' });
  const [simulated] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await simulated.getByRole('button', { name: 'Enter PIN and pay' }).click();
  await expect(simulated.getByRole('heading', { name: /Paid|Answered/ })).toBeVisible();
  await simulated.close();
  await expect(page.getByText('This order is paid.')).toBeVisible();
  // nothing of paying on delivery is left on a paid order
  await expect(page.getByTestId('pay-on-delivery')).toHaveCount(0);
  await expect(page.getByText('Please pay this order now')).toHaveCount(0);
});
