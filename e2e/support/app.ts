import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app has taken over a page the server drew (hydrated). Before that, the page's
 * loader holds taps and typed text and makes them again afterwards (web/src/app/early-input.tsx):
 * a journey that types, clears and types again meanwhile races that replay, and a check that
 * something did not happen proves nothing while nothing can happen yet. The navbar's Products
 * menu opens only through React, so it opening (and closing again) says the app has the page.
 */
export async function waitForApp(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Products' }).first();
  await menu.click();
  await expect(page.getByRole('link', { name: 'All', exact: true }).first()).toBeVisible();
  await menu.click();
  await expect(page.getByRole('link', { name: 'All', exact: true }).first()).toBeHidden();
}

/**
 * Holds back every script the page asks for whose address matches `pattern` until `release()`:
 * a slow connection, on the test's word. `requested()` says whether one has been asked for.
 */
export async function holdScripts(
  page: Page,
  pattern: RegExp,
): Promise<{ requested: () => boolean; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(pattern, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { requested: () => requested, release };
}
