import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { adminSession, freshProduct } from '../support/api';

// The shopping pages drawn by the server in Kiswahili (?lang=sw): the head and the page are in
// Kiswahili, and React takes the page over in the same language without a hydration warning.

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return problems;
}

test('home, list and product page arrive in Kiswahili and stay in it once the app has them', async ({ page }) => {
  const problems = watchConsole(page);
  const { product } = await freshProduct(await adminSession(), { label: 'Kiswahili Kanga', stock: 2 });

  const home = await page.goto('/?lang=sw');
  expect(await home!.text()).toContain('Nguo za mitumba, kila moja ya kipekee');
  await expect(page.getByRole('heading', { level: 1, name: 'Nguo za mitumba, kila moja ya kipekee' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Bidhaa Maalum' })).toBeVisible();

  const list = await page.goto('/products?lang=sw');
  const listHtml = await list!.text();
  expect(listHtml).toContain('<title>Bidhaa Zote — Mtumba</title>');
  await expect(page.getByRole('heading', { level: 1, name: 'Bidhaa Zote' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Panga kwa' })).toBeVisible();

  await page.goto(`/products/${product.id}?lang=sw`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('Inapatikana', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Weka kwenye kikapu' }).first().click();
  // the page is live, and its toast is in Kiswahili too
  await expect(page.getByText('Imewekwa kwenye kikapu!')).toBeVisible();

  expect(problems, problems.join('\n')).toEqual([]);
});
