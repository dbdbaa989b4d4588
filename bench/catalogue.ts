import sharp from 'sharp';
import type { Db } from '../server/src/db/database.js';
import type { NewProduct } from '../server/src/db/schema.js';
import { storeImage } from '../server/src/modules/catalog/images.js';

const CATEGORIES = ['Dresses', 'Tops', 'Jeans', 'Jackets', 'Skirts', 'Shirts', 'Kids', 'Shoes', 'Bags', 'Kitenge'];
const NOUNS = [
  'Denim Jacket',
  'Floral Dress',
  'Kitenge Skirt',
  'Leather Boots',
  'Wool Coat',
  'Silk Blouse',
  'Cargo Trousers',
  'Sneakers',
  'Shoulder Bag',
  'Polo Shirt',
  'Maxi Dress',
  'Hoodie',
];
const BRANDS = ['Zara', 'H&M', "Levi's", 'Nike', 'Mango', 'Adidas', 'Woolworths', null];
const COLORS = ['red', 'blue', 'black', 'white', 'green', 'yellow', 'brown', 'pink'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const CONDITIONS = ['new with tags', 'like new', 'good', 'fair'] as const;

/**
 * A large catalogue for benchmarks, inserted in bulk: categories, products with attributes,
 * category links, and image rows that point at a few shared image files.
 */
export async function generateCatalogue(db: Db, uploadDir: string, count: number) {
  const now = Date.now();
  const stamp = (ms: number) => new Date(ms).toISOString();

  const imageKeys: string[] = [];
  for (const color of ['#b23a48', '#2f6690', '#3a7d44', '#f2a541']) {
    const png = await sharp({ create: { width: 800, height: 1000, channels: 3, background: color } })
      .png()
      .toBuffer();
    imageKeys.push((await storeImage(png, uploadDir)).file_key);
  }

  const categoryIds: number[] = [];
  for (const name of CATEGORIES) {
    const row = await db
      .insertInto('categories')
      .values({ name, name_key: name.toLowerCase(), created_at: stamp(now), updated_at: stamp(now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.push(row.id);
  }

  const productIds: number[] = [];
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const rows: NewProduct[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const brand = BRANDS[i % BRANDS.length];
      const name = `${COLORS[i % COLORS.length][0].toUpperCase()}${COLORS[i % COLORS.length].slice(1)} ${NOUNS[(i * 7) % NOUNS.length]} #${i}`;
      const description = `Second-hand ${NOUNS[(i * 7) % NOUNS.length].toLowerCase()} in ${COLORS[i % COLORS.length]}, hand-picked.`;
      rows.push({
        name,
        description,
        price_cents: (150 + ((i * 37) % 4351)) * 100,
        stock_quantity: i % 9 === 0 ? 0 : i % 13 === 0 ? 3 : 1,
        size: SIZES[i % SIZES.length],
        brand,
        condition: CONDITIONS[i % CONDITIONS.length],
        color: COLORS[i % COLORS.length],
        is_featured: i % 500 === 0 ? 1 : 0,
        is_trending: i % 700 === 0 ? 1 : 0,
        search_text: `${name} ${brand ?? ''} ${description}`.toLowerCase(),
        created_at: stamp(now - i * 60_000),
        updated_at: stamp(now - i * 60_000),
        deleted_at: null,
      });
    }
    await db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('products').values(rows).returning('id').execute();
      const ids = inserted.map((r) => r.id);
      productIds.push(...ids);
      await trx
        .insertInto('product_categories')
        .values(ids.map((id, k) => ({ product_id: id, category_id: categoryIds[(start + k) % categoryIds.length] })))
        .execute();
      await trx
        .insertInto('product_images')
        .values(
          ids.flatMap((id, k) =>
            [0, 1].map((position) => ({
              product_id: id,
              position,
              file_key: imageKeys[(start + k + position) % imageKeys.length],
              width: 640,
              height: 800,
              created_at: stamp(now),
            })),
          ),
        )
        .execute();
    });
  }
  return { productIds, categoryIds };
}
