import { expect, test } from '@playwright/test';
import { mailboxDir, uniqueTag } from '../support/api';
import { linkIn, waitForMail } from '../support/mailbox';

// Journey 2: register in the dialog, land on Verify Your Email, open the e-mailed link, sign in
// and see the account verified.

test('a new customer registers, verifies the e-mail from the mailbox and signs in verified', async ({ page }) => {
  const tag = uniqueTag();
  const name = `Wanjiru ${tag}`;
  const email = `wanjiru-${tag}@e2e.test`;
  const password = `mitumba-${tag}`;
  const started = Date.now() - 1000;

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('tab', { name: 'Login' })).toBeVisible();

  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm Password', { exact: true }).fill(password);
  // The show/hide toggle reveals what was typed.
  await dialog.getByRole('button', { name: 'Show password', exact: true }).click();
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await dialog.getByRole('button', { name: 'Register' }).click();

  await expect(
    page.getByText('Registration successful! Please check your email to verify your account.'),
  ).toBeVisible();
  await expect(page.getByText('Account created!')).toBeVisible();

  // After 2.5 s the app moves on to Verify Your Email.
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();

  // Signed in but not verified yet: the banner says so on other pages, and checkout would wait.
  await page.getByRole('link', { name: 'Mtumba', exact: true }).click();
  const banner = page.getByRole('region', { name: 'E-mail verification' });
  await expect(banner).toContainText('Please verify your e-mail address');

  const mail = await waitForMail(mailboxDir(), email, /verify/i, { after: started });
  await page.goto(linkIn(mail, '/api/email/verify'));

  await expect(page).toHaveURL(/\/login\?verified=1$/);
  // Still signed in from registering: no login form, just the news and where to go next.
  await expect(page.getByRole('heading', { level: 1, name: 'Your email is verified' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Login' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/products$/);
  // The address changes at once, the page only once its code has loaded; arriving moves focus to
  // the new page, which would close a menu opened before it.
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'E-mail verification' })).toHaveCount(0);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: `Account menu for ${name}` }).click();
  await nav.getByRole('button', { name: 'My Account' }).click();
  const account = page.getByRole('dialog', { name: 'My Account' });
  await expect(account).toContainText(name);
  await expect(account).toContainText(email);
  await expect(account.getByText('Not verified')).toHaveCount(0);
});
