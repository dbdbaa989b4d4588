import type { ProductFields } from '@mtumba/contract/product';
import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ProductsTable } from '../../db/schema.js';
import { openStock } from '../stock/ledger.js';
import type { StoredImage } from './images.js';
import { productRepository } from './repository.js';
import { productSearchText } from './search.js';

/** What a new product is made of (the product form's or a CSV row's fields; prices in cents). */
export type NewProductFields = Pick<
  ProductFields,
  'name' | 'description' | 'price' | 'compare_at_price' | 'size' | 'brand' | 'condition' | 'color'
> &
  Partial<Pick<ProductFields, 'measurements' | 'flaws'>> & {
    is_featured?: boolean;
    is_trending?: boolean;
    negotiable?: boolean;
  };

/** Measurements as stored: JSON text, or null when none were given. */
export function storedMeasurements(measurements: ProductFields['measurements']): string | null {
  return measurements && Object.keys(measurements).length > 0 ? JSON.stringify(measurements) : null;
}

/** A new product's row. Its stock starts at 0: the stock ledger's opening movement sets it. */
export function newProductRow(fields: NewProductFields, at: string): Insertable<ProductsTable> {
  return {
    name: fields.name,
    description: fields.description,
    price_cents: fields.price,
    compare_at_price_cents: fields.compare_at_price,
    stock_quantity: 0,
    size: fields.size,
    brand: fields.brand,
    condition: fields.condition,
    color: fields.color,
    measurements: storedMeasurements(fields.measurements),
    flaws: fields.flaws ?? null,
    is_featured: fields.is_featured ? 1 : 0,
    is_trending: fields.is_trending ? 1 : 0,
    negotiable: fields.negotiable ? 1 : 0,
    search_text: productSearchText(fields.name, fields.brand, fields.description),
    created_at: at,
    updated_at: at,
    deleted_at: null,
  };
}

/**
 * Creates one product in the caller's transaction: its row (with any `extra` columns, such as
 * publishing's), the stock ledger's opening movement, its categories and its images.
 */
export async function insertProduct(
  trx: Executor,
  product: {
    fields: NewProductFields & { stock_quantity: number };
    categoryIds: number[];
    images: StoredImage[];
    extra?: Updateable<ProductsTable>;
  },
  by: { userId: number | null },
  at: string,
): Promise<number> {
  const repo = productRepository(trx);
  const id = await repo.insert({ ...product.extra, ...newProductRow(product.fields, at) });
  await openStock(trx, id, product.fields.stock_quantity, { actor: 'admin', userId: by.userId }, at);
  await repo.setCategories(id, product.categoryIds);
  await repo.replaceImages(id, product.images, at);
  return id;
}
