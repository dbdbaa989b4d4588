import type { Executor } from '../../db/database.js';
import { centsToAmount } from '@mtumba/contract';
import {
  measurementsSchema,
  type Measurements,
  type Product,
  type ProductImage,
  type ProductSummary,
} from '@mtumba/contract/product';
import { imageSrcset, imageUrl } from './images.js';
import { productViewRepository } from './view-repository.js';

/**
 * A product as the API shows it: the contract's shape, so a field added to or removed from the
 * contract is a type error here until this view builds it (docs/product.md section 3).
 */
export type ProductJson = Product;
export type ProductImageJson = ProductImage;
/** The short form used by search results, cart lines and related products. */
export type ProductSummaryJson = ProductSummary;

/** Average rating with one decimal, 0 when there are no reviews (from the product's denormalised counts). */
export function averageRating(ratingSum: number, reviewCount: number): number {
  return reviewCount > 0 ? Math.round((ratingSum / reviewCount) * 10) / 10 : 0;
}

/**
 * Loads full products for the given ids in three queries whatever their number (no N+1),
 * in the order of `ids`. Soft-deleted products are left out unless `includeDeleted`, drafts and
 * scheduled ones unless `includeUnpublished` (admin screens).
 */
export async function loadProducts(
  db: Executor,
  ids: number[],
  options: { includeDeleted?: boolean; includeUnpublished?: boolean } = {},
): Promise<ProductJson[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = productViewRepository(db);
  const [products, images, categories] = await Promise.all([
    rows.products(unique, options),
    rows.images(unique),
    rows.categories(unique),
  ]);

  const imagesByProduct = new Map<number, ProductImageJson[]>();
  for (const img of images) {
    const list = imagesByProduct.get(img.product_id) ?? [];
    list.push({
      id: img.id,
      image_url: imageUrl(img.file_key),
      srcset: imageSrcset(img.file_key),
      width: img.width,
      height: img.height,
    });
    imagesByProduct.set(img.product_id, list);
  }
  const categoriesByProduct = new Map<number, { id: number; name: string }[]>();
  for (const c of categories) {
    const list = categoriesByProduct.get(c.product_id) ?? [];
    list.push({ id: c.id, name: c.name });
    categoriesByProduct.set(c.product_id, list);
  }

  const byId = new Map(
    products.map((p) => {
      const imgs = imagesByProduct.get(p.id) ?? [];
      const json: ProductJson = {
        id: p.id,
        name: p.name,
        description: p.description,
        price: centsToAmount(p.price_cents),
        compare_at_price: p.compare_at_price_cents == null ? null : centsToAmount(p.compare_at_price_cents),
        stock_quantity: p.stock_quantity,
        image_url: imgs[0]?.image_url ?? null,
        images: imgs,
        categories: categoriesByProduct.get(p.id) ?? [],
        average_rating: averageRating(p.rating_sum, p.review_count),
        review_count: p.review_count,
        size: p.size,
        brand: p.brand,
        condition: p.condition,
        color: p.color,
        measurements: measurementsOf(p.measurements),
        flaws: p.flaws,
        is_featured: p.is_featured === 1,
        is_trending: p.is_trending === 1,
        negotiable: p.negotiable === 1,
        reserved: p.stock_quantity <= 0 && p.held_quantity > 0,
        created_at: p.created_at,
        updated_at: p.updated_at,
        status: p.status,
        publish_at: p.publish_at,
      };
      return [p.id, json] as const;
    }),
  );
  return unique.map((id) => byId.get(id)).filter((p): p is ProductJson => p !== undefined);
}

/** The stored measurements (JSON text) as the API shows them: {} when none or unreadable. */
function measurementsOf(text: string | null): Measurements {
  if (!text) return {};
  try {
    return measurementsSchema.parse(JSON.parse(text));
  } catch {
    return {};
  }
}

/** The first image's file key of each product (lowest position), in one query. */
export async function firstImageKeys(db: Executor, productIds: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(productIds)];
  const result = new Map<number, string>();
  if (unique.length === 0) return result;
  const rows = await productViewRepository(db).imageKeys(unique);
  for (const row of rows) if (!result.has(row.product_id)) result.set(row.product_id, row.file_key);
  return result;
}
