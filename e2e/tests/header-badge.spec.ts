import { expect, test, type Page } from '@playwright/test';
import { addToCart, adminSession, freshProduct, registerCustomer, useSession } from '../support/api';

// The cart's count sits beside its word in the top bar ("Cart", "Kikapu"), never on top of it, in
// both languages, on a phone (where the word is for screen readers only) and on a laptop screen.

const boxesMeet = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function cartParts(page: Page) {
  const link = page.locator('.site-nav__icons .cart-link');
  const badge = link.locator('.nav-badge');
  await expect(badge).toHaveText('2');
  return { link, badge, label: link.locator('.icon-link__text') };
}

for (const lang of ['en', 'sw'] as const) {
  for (const width of [360, 1366]) {
    test(`the cart count stays clear of its word (${lang}, ${width} px)`, async ({ page, context }) => {
      const { product } = await freshProduct(await adminSession(), { label: `Badge ${lang} ${width}`, stock: 3 });
      const customer = await registerCustomer();
      await addToCart(customer, product.id, 2);
      await useSession(page, customer);
      await context.addCookies([{ name: 'mtumba_lang', value: lang, url: customer.base }]);
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');

      const { link, badge, label } = await cartParts(page);
      await expect(label).toHaveText(lang === 'sw' ? 'Kikapu' : 'Cart');
      const linkBox = (await link.boundingBox())!;
      const badgeBox = (await badge.boundingBox())!;
      // the count is inside the link's tap area, so it reads as the cart's
      expect(badgeBox.x).toBeGreaterThanOrEqual(linkBox.x - 1);
      expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(linkBox.x + linkBox.width + 1);
      if (width >= 992) {
        await expect(label).toBeVisible();
        const labelBox = (await label.boundingBox())!;
        expect(boxesMeet(badgeBox, labelBox), JSON.stringify({ badgeBox, labelBox })).toBe(false);
        // and it follows the word on the same line
        expect(badgeBox.x).toBeGreaterThanOrEqual(labelBox.x + labelBox.width);
      } else {
        // on a phone the word is for screen readers only, and the count sits on the picture's corner
        expect((await label.boundingBox())!.width).toBeLessThanOrEqual(1);
      }
    });
  }
}
