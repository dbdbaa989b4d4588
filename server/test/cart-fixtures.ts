import { now, type Db } from '../src/db/database.js';
import { insertCategory, insertProduct as insertCatalogProduct } from './catalog.js';

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

/** Inserts a product (with images and categories, made by name as needed); returns its id and name. */
export async function insertProduct(db: Db, options: ProductFixture = {}): Promise<{ id: number; name: string }> {
  productCounter += 1;
  const name = options.name ?? `Denim jacket ${productCounter}`;
  const categories: number[] = [];
  for (const categoryName of options.categories ?? []) categories.push(await categoryNamed(db, categoryName));
  const id = await insertCatalogProduct(db, {
    name,
    description: `A well-kept ${name.toLowerCase()}`,
    price_cents: options.priceCents ?? 1500_00,
    stock_quantity: options.stock ?? 1,
    size: 'M',
    condition: 'good',
    deleted_at: options.deleted ? now() : null,
    images: options.images,
    categories,
  });
  return { id, name };
}

async function categoryNamed(db: Db, name: string): Promise<number> {
  const existing = await db
    .selectFrom('categories')
    .select('id')
    .where('name_key', '=', name.toLowerCase())
    .executeTakeFirst();
  return existing?.id ?? insertCategory(db, name);
}

export async function softDeleteProduct(db: Db, productId: number): Promise<void> {
  await db.updateTable('products').set({ deleted_at: now() }).where('id', '=', productId).execute();
}

export async function setStock(db: Db, productId: number, stock: number): Promise<void> {
  await db.updateTable('products').set({ stock_quantity: stock }).where('id', '=', productId).execute();
}
