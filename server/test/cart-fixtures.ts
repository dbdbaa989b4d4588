import { now, type Db } from '../src/db/database.js';

let productCounter = 0;

export interface ProductFixture {
  name?: string;
  priceCents?: number;
  stock?: number;
  deleted?: boolean;
  /** image file keys in position order */
  images?: string[];
  categories?: string[];
}

/** Inserts a product (with images and categories) straight into the database; returns its id and name. */
export async function insertProduct(db: Db, options: ProductFixture = {}): Promise<{ id: number; name: string }> {
  productCounter += 1;
  const name = options.name ?? `Denim jacket ${productCounter}`;
  const at = now();
  const { id } = await db
    .insertInto('products')
    .values({
      name,
      description: `A well-kept ${name.toLowerCase()}`,
      price_cents: options.priceCents ?? 1500_00,
      stock_quantity: options.stock ?? 1,
      size: 'M',
      brand: null,
      condition: 'good',
      color: null,
      is_featured: 0,
      is_trending: 0,
      search_text: name.toLowerCase(),
      created_at: at,
      updated_at: at,
      deleted_at: options.deleted ? at : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const images = options.images ?? [];
  if (images.length > 0) {
    await db
      .insertInto('product_images')
      .values(
        images.map((fileKey, position) => ({
          product_id: id,
          position,
          file_key: fileKey,
          width: 640,
          height: 800,
          created_at: at,
        })),
      )
      .execute();
  }
  for (const categoryName of options.categories ?? []) {
    const nameKey = categoryName.toLowerCase();
    const existing = await db.selectFrom('categories').select('id').where('name_key', '=', nameKey).executeTakeFirst();
    const category =
      existing ??
      (await db
        .insertInto('categories')
        .values({ name: categoryName, name_key: nameKey, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow());
    await db.insertInto('product_categories').values({ product_id: id, category_id: category.id }).execute();
  }
  return { id, name };
}

export async function softDeleteProduct(db: Db, productId: number): Promise<void> {
  await db.updateTable('products').set({ deleted_at: now() }).where('id', '=', productId).execute();
}

export async function setStock(db: Db, productId: number, stock: number): Promise<void> {
  await db.updateTable('products').set({ stock_quantity: stock }).where('id', '=', productId).execute();
}
