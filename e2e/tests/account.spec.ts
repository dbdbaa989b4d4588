import { expect, test } from '@playwright/test';
import { ApiCallError, call, mailboxDir, registerCustomer, signIn, uniqueTag, useSession } from '../support/api';
import { holdScripts } from '../support/app';
import { linkIn, waitForMail } from '../support/mailbox';

// Journey 7: forgot password → e-mail → reset → sign in with the new password; edit name and
// e-mail in My Account (the current password is needed, and the new address counts once its
// link is followed); sign out everywhere else; delete the account.

test('a customer resets a forgotten password, edits the account and deletes it', async ({ page }) => {
  const customer = await registerCustomer();
  const newPassword = `fresh-${uniqueTag()}-pass`;
  const started = Date.now() - 1000;

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome back' });
  await dialog.getByRole('link', { name: 'Forgot your password?' }).click();

  await expect(page).toHaveURL(/\/forgot-password$/);
  const forgot = page.getByRole('form', { name: 'Forgot password' });
  await forgot.getByLabel('Email').fill(customer.email);
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(forgot.getByRole('status')).toBeVisible();
  // 3 s later the page goes to /login by itself.
  await expect(page).toHaveURL(/\/login$/);

  const mail = await waitForMail(mailboxDir(), customer.email, /reset/i, { after: started });
  await page.goto(linkIn(mail, '/reset-password'));
  const reset = page.getByRole('form', { name: 'Reset password' });
  await expect(reset.getByLabel('Email')).toHaveValue(customer.email);
  await reset.getByLabel('New Password', { exact: true }).fill(newPassword);
  await reset.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(reset.getByRole('status')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(customer.email);
  await login.getByLabel('Password', { exact: true }).fill(customer.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(login.getByRole('alert')).toBeVisible();
  await login.getByLabel('Password', { exact: true }).fill(newPassword);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged in!')).toBeVisible();

  // My Account: change name and e-mail.
  const nav = page.getByRole('navigation', { name: 'Main' });
  const renamed = `Renamed ${uniqueTag()}`;
  const newEmail = `moved-${uniqueTag()}@e2e.test`;
  await nav.getByRole('button', { name: `Account menu for ${customer.user.name}` }).click();
  await nav.getByRole('button', { name: 'My Account' }).click();
  const account = page.getByRole('dialog', { name: 'My Account' });
  await expect(account).toContainText(customer.email);
  await account.getByRole('button', { name: 'Edit Account' }).click();
  await account.getByLabel('Name').fill(renamed);
  await account.getByLabel('Email').fill(newEmail);
  await account.getByRole('button', { name: 'Save Changes' }).click();
  // Without the current password the e-mail does not change.
  await expect(
    account.getByText('The current password field is required to change your e-mail address.'),
  ).toBeVisible();
  await account.getByLabel('Current Password', { exact: true }).fill(newPassword);
  await account.getByRole('button', { name: 'Save Changes' }).click();
  await expect(account.getByRole('button', { name: 'Edit Account' })).toBeVisible();
  await expect(account).toContainText(renamed);
  // The new address waits for its link; the old one stays in use and is told.
  await expect(account.getByText('Waiting for verification')).toBeVisible();
  await expect(account).toContainText(newEmail);
  await expect(account).toContainText(customer.email);
  await expect(nav.getByRole('button', { name: `Account menu for ${renamed}` })).toBeVisible();
  await expect(waitForMail(mailboxDir(), customer.email, /being changed/i, { after: started })).resolves.toBeTruthy();
  const verification = await waitForMail(mailboxDir(), newEmail, /verify/i, { after: started });
  await page.goto(linkIn(verification, '/api/email/verify'));
  await expect(page).toHaveURL(/\/login\?verified=1$/);

  // Another session (say, a phone); "Sign out everywhere else" ends it.
  const phone = await signIn(newEmail, newPassword);
  await nav.getByRole('button', { name: `Account menu for ${renamed}` }).click();
  await nav.getByRole('button', { name: 'My Account' }).click();
  await expect(account).toContainText(newEmail);
  await expect(account.getByText('Waiting for verification')).toHaveCount(0);
  const sessions = account.getByRole('list', { name: 'Signed-in sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This browser')).toBeVisible();
  await account.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  const ended = await call('GET', '/user', { token: phone.token }).catch((err: unknown) => err);
  expect((ended as ApiCallError).status).toBe(401);

  // Delete the account, after confirming.
  await account.getByRole('button', { name: 'Delete Account' }).click();
  await expect(account).toContainText('Delete your account?');
  await account.getByLabel('Current Password', { exact: true }).fill(newPassword);
  await account.getByRole('button', { name: 'Yes, Delete My Account' }).click();
  await expect(page.getByRole('dialog', { name: 'My Account' })).toBeHidden();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('button', { name: /Account menu/ })).toHaveCount(0);

  const refused = await signIn(newEmail, newPassword).catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(ApiCallError);
  expect((refused as ApiCallError).status).toBe(401);
});

test.describe('on a slow connection', () => {
  // Every script below must come through the page's own route, not a service worker's cache.
  test.use({ serviceWorkers: 'block' });

  test('the account menu opened while the next page is still loading stays open when it arrives', async ({ page }) => {
    const customer = await registerCustomer();
    await useSession(page, customer);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menuButton = nav.getByRole('button', { name: `Account menu for ${customer.user.name}` });
    await expect(menuButton).toBeVisible();

    // From here on the code of a screen not yet opened takes as long as the test says.
    const scripts = await holdScripts(page, /\/assets\/[^/]+\.js$/);
    await nav.getByRole('link', { name: /^Orders/ }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect.poll(scripts.requested).toBe(true);
    await menuButton.click();
    await expect(nav.getByRole('button', { name: 'My Account' })).toBeVisible();

    scripts.release();
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    // The page that arrived late neither closed the menu nor took the focus from it.
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(menuButton).toBeFocused();
    await nav.getByRole('button', { name: 'My Account' }).click();
    await expect(page.getByRole('dialog', { name: 'My Account' })).toContainText(customer.email);
  });
});
