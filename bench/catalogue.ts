import sharp from 'sharp';
import type { Db } from '../server/src/db/database.js';
import { generateProducts, insertProducts } from '../server/src/seed/index.js';
import { storeImage } from '../server/src/modules/catalog/images.js';

const CATEGORIES = [
  'Dresses',
  'Tops & Blouses',
  'Jeans & Trousers',
  'Jackets & Coats',
  'Skirts',
  'Shoes',
  'Bags & Accessories',
  'Kids',
];

/**
 * A large catalogue for benchmarks, inserted in bulk with the seed's generator: categories,
 * products with attributes and category links, and image rows that share a few image files.
 */
export async function generateCatalogue(db: Db, uploadDir: string, count: number) {
  const at = new Date().toISOString();
  const images = [];
  for (const color of ['#b23a48', '#2f6690', '#3a7d44', '#f2a541']) {
    const png = await sharp({ create: { width: 800, height: 1000, channels: 3, background: color } })
      .png()
      .toBuffer();
    images.push(await storeImage(png, uploadDir));
  }
  const categories = [];
  for (const name of CATEGORIES) {
    const row = await db
      .insertInto('categories')
      .values({ name, name_key: name.toLowerCase(), created_at: at, updated_at: at })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    categories.push(row);
  }
  const productIds = await insertProducts(db, generateProducts(count, { categories, images }), 500);
  return { productIds, categoryIds: categories.map((c) => c.id) };
}
