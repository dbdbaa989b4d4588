import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { adminSession, call, createCategory, uniqueTag, useSession, type Product } from '../support/api';
import { pngFiles } from '../support/images';

// Photos from a phone: an 8 MB camera JPEG and four more chosen at once on the New item screen at
// 360 px. The first four are kept (with a message), the big one is made smaller in the browser so
// the server's 5 MB limit never refuses it, and the item is saved with four photos.

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** A camera-sized JPEG of noise, so it does not compress small: more than 8 MB. */
async function cameraJpeg(): Promise<Buffer> {
  const width = 3264;
  const height = 2448;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 97 })
    .toBuffer();
}

test('an 8 MB camera photo and four more: the first four are kept, made small, and the item has 4 photos', async ({
  page,
}) => {
  const tag = uniqueTag();
  const admin = await adminSession();
  const category = await createCategory(admin, `Photo test ${tag}`);
  const camera = await cameraJpeg();
  expect(camera.length).toBeGreaterThan(8 * 1024 * 1024);

  await useSession(page, admin);
  await page.goto('/admin/items/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New item' })).toBeVisible();

  await page
    .getByLabel('Choose images')
    .setInputFiles([{ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: camera }, ...pngFiles(4, `shot-${tag}`)]);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Only the first 4 photos of the 5 chosen were kept' }),
  ).toBeVisible();
  const chosen = page.getByRole('list', { name: 'Chosen images' });
  await expect(chosen.getByRole('listitem')).toHaveCount(4);
  await expect(chosen.getByRole('img').first()).toHaveAccessibleName(/^Image 1: IMG_0001\./);
  // The camera photo, made smaller in the browser: a JPEG well under the server's 5 MB.
  const firstSize = chosen
    .getByRole('listitem')
    .first()
    .getByText(/^\d+\.\d MB$/);
  await expect(firstSize).toBeVisible();
  expect(Number.parseFloat((await firstSize.textContent())!)).toBeLessThan(5);
  await expect(chosen.getByRole('img').first()).toHaveAccessibleName('Image 1: IMG_0001.jpg');

  await page.getByLabel('Price (Ksh)').fill('900');
  await page.getByRole('checkbox', { name: category.name }).check();
  await page.getByLabel('Name (optional)').fill(`Camera jacket ${tag}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Listed and on sale' });
  await expect(saved).toContainText(`Camera jacket ${tag}`);

  const href = await saved.getByRole('link', { name: 'View' }).getAttribute('href');
  const id = Number(/\/products\/(\d+)/.exec(href ?? '')![1]);
  const product = await call<Product>('GET', `/products/${id}`);
  // the server's 5 MB limit took the camera photo: it went up made smaller
  expect(product.images).toHaveLength(4);
});
