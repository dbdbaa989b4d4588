import { expect, test } from '@playwright/test';
import { adminSession, freshProduct, registerCustomer, uniqueTag, useSession } from '../support/api';

// A shopper switches the shop to Kiswahili in the footer and buys in it: the cart, checkout and
// the M-Pesa prompt speak Kiswahili, the choice survives a reload (the mtumba_lang cookie). The
// product pages belong to another catalog: only the buying screens' and the layout's words are
// asserted here (a product's own name stays as the shop wrote it).

/** A Kenyan mobile number for this run's order. */
function freshPhone(): string {
  const digits = String(Date.now() % 100_000_000).padStart(8, '0');
  return `07${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
}

test('a shopper switches to Kiswahili, fills the cart, checks out and pays with M-Pesa in Kiswahili', async ({
  page,
  context,
}) => {
  const admin = await adminSession();
  const tag = uniqueTag();
  const { category, product } = await freshProduct(admin, { label: 'Kitenge Swahili', price: 700, tag });
  const customer = await registerCustomer({ tag: `sw-${tag}` });
  await useSession(page, customer);

  // Home, in English, then Kiswahili from the footer: the server draws the page again in it.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'en');
  const switcher = page.getByRole('group', { name: 'Language' });
  // a click before the page's script has started does nothing: press again until the page reloads
  await expect(async () => {
    await switcher.getByRole('button', { name: 'Kiswahili' }).click();
    await expect(html).toHaveAttribute('lang', 'sw', { timeout: 2_000 });
  }).toPass();
  const nav = page.getByRole('navigation', { name: 'Menyu kuu' });
  await expect(nav.getByRole('link', { name: 'Nyumbani' })).toBeVisible();
  const cartLink = page.getByRole('link', { name: /^Kikapu \(/ });
  await expect(cartLink).toBeVisible();
  await expect(page.getByRole('group', { name: 'Lugha' }).getByRole('button', { name: 'Kiswahili' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect((await context.cookies()).find((c) => c.name === 'mtumba_lang')?.value).toBe('sw');

  // Browse to the product through its category and put it in the cart.
  await page.goto(`/products/category/${category.id}`);
  await expect(page.getByRole('heading', { name: category.name })).toBeVisible();
  await page.getByRole('link', { name: product.name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'sw');
  await page
    .getByRole('button', { name: /^(Add to Cart|Weka kwenye kikapu)$/i })
    .first()
    .click();
  await expect(cartLink).toHaveAccessibleName('Kikapu (bidhaa 1 kwenye kikapu)');

  // The cart in Kiswahili.
  await cartLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kikapu Chako' })).toBeVisible();
  await expect(page).toHaveTitle('Kikapu chako — Mtumba');
  await expect(page.getByRole('link', { name: product.name, exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Bei ya kimoja' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Safisha Kikapu' })).toBeVisible();
  await expect(page.getByText('Jumla:')).toBeVisible();

  // Checkout's form: what is missing, and a wrong phone number, said in Kiswahili.
  const delivery = page.getByRole('region', { name: 'Uwasilishaji' });
  await delivery.getByRole('button', { name: 'Endelea Kulipa' }).click();
  await expect(delivery.getByText('Chagua njia ya uwasilishaji.')).toBeVisible();
  await expect(delivery.getByText('Weka namba yako ya simu: tutakupigia kuhusu uwasilishaji.')).toBeVisible();
  await expect(page.getByText('Tafadhali jaza anwani ya kufikishiwa na namba ya simu.')).toBeVisible();
  await delivery.getByLabel('Njia ya uwasilishaji').selectOption({ label: 'CBD Delivery' });
  const phoneField = delivery.getByLabel('Namba ya simu');
  await phoneField.fill('12345');
  await delivery.getByRole('button', { name: 'Endelea Kulipa' }).click();
  await expect(delivery.getByText('Weka namba sahihi ya simu ya Kenya', { exact: false })).toBeVisible();
  await phoneField.fill(freshPhone());
  await delivery.getByRole('button', { name: 'Endelea Kulipa' }).click();

  // The order's checkout: 700 − 10% first order = 630, plus Ksh 50 CBD Delivery.
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kamilisha Oda' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Muhtasari' })).toBeVisible();
  const mpesa = page.getByRole('form', { name: 'Lipa kwa M-Pesa' });
  await expect(mpesa.getByText('au lipa kwenye ukurasa wa malipo (Kadi au', { exact: false })).toBeVisible();
  await expect(mpesa.getByRole('button', { name: 'Lipa Sasa' })).toBeVisible();
  await mpesa.getByRole('button', { name: 'Lipa Ksh 680 kwa M-Pesa' }).click();
  await expect(page.getByRole('heading', { name: 'Angalia simu yako na uweke PIN yako ya M-Pesa' })).toBeVisible();
  const simulatorLink = page.getByRole('link', { name: 'Fungua simu ya majaribio' });
  const [simulated] = await Promise.all([context.waitForEvent('page'), simulatorLink.click()]);
  await simulated.getByRole('button', { name: 'Enter PIN and pay' }).click();
  await expect(simulated.getByRole('heading', { name: /Paid|Answered/ })).toBeVisible();
  await simulated.close();
  await expect(page.getByText('Oda hii imelipwa.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tazama oda' })).toBeVisible();

  // A reload keeps Kiswahili: the cookie tells the server.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Kamilisha Oda' })).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'sw');
  await expect(page.getByText('Oda hii imelipwa.')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Nyumbani' })).toBeVisible();
});
