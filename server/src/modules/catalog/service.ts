import { centsToAmount, LIMITS } from '@mtumba/contract';
import {
  stockChangedMessage,
  IMAGE_LIMIT_MESSAGE,
  NOT_AN_IMAGE_MESSAGE,
  productFieldsSchema,
  type ProductFacets,
  type ProductFields,
  type ProductListQuery,
  type ProductSort,
} from '@mtumba/contract/product';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import { isUniqueViolation, now, type Db, type Executor } from '../../db/database.js';
import type { ProductsTable } from '../../db/schema.js';
import { DomainError, invalidField, notFound, type FieldErrors } from '../../lib/errors.js';
import { emitAll, type DomainEvents, type PendingEvent } from '../../lib/events.js';
import { adjustStock, ifMatchTags, recentMovements, stockVersions, unstatedEditBase } from '../stock/ledger.js';
import { imageUrl, isImage, removeImageFiles, storeImage, type StoredImage } from './images.js';
import { firstImageKeys, loadProducts, type ProductJson, type ProductSummaryJson } from './product-view.js';
import { insertProduct, storedMeasurements } from './new-product.js';
import { publishChange, type PublishOptions } from './publishing.js';
import { categoryRepository, productRepository, type ProductFilter } from './repository.js';
import { productSearchText } from './search.js';
import { productFacets } from './facets-repository.js';
import { searchPlan } from './search-repository.js';
import { didYouMean } from './search-terms.js';

export const PRODUCT_NOT_FOUND = 'Product not found.';
export const CATEGORY_NOT_FOUND = 'Category not found.';
export const CATEGORY_TAKEN = 'The name has already been taken.';
export const DEFAULT_PER_PAGE = 100;
export const TRENDING_LIMIT = 10;
export const TRENDING_WINDOW_DAYS = 30;
/** The admin's "trending" flag counts as much as this many recent orders or wishlist adds. */
export const TRENDING_FLAG_BOOST = 5;
export const RELATED_LIMIT = 4;

/** Whether shoppers can see and act on this product (other modules ask here, not the repository). */
export function isLiveProduct(db: Executor, productId: number): Promise<boolean> {
  return productRepository(db).isLive(productId);
}

/**
 * Recomputes the denormalised review_count and rating_sum of the given products from their
 * reviews. Call it in the same transaction as any change to reviews.
 */
export async function refreshProductRatings(db: Executor, productIds: number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  await productRepository(db).refreshRatings(ids);
}

/** Puts scheduled products whose time has come on sale (the listing job); returns their ids. */
export function publishScheduledProducts(trx: Executor, nowIso: string, limit: number): Promise<number[]> {
  return productRepository(trx).publishDue(nowIso, limit);
}

/** Published products not announced by a drop e-mail yet, and when the last of them may be. */
export function productsAwaitingAnnouncement(db: Executor): Promise<{ count: number; latest: string | null }> {
  return productRepository(db).awaitingAnnouncement();
}

/** Claims the products due for a drop e-mail (each for one caller only); returns their ids, ascending. */
export function claimProductsToAnnounce(trx: Executor, nowIso: string): Promise<number[]> {
  return productRepository(trx).claimAnnouncements(nowIso);
}

export interface ProductPage {
  products: ProductJson[];
  page: number;
  perPage: number;
  total: number;
}

/** A product form as received: text fields (or JSON values) and the image files, in order. */
export interface ProductSubmission {
  fields: Record<string, unknown>;
  images: Buffer[];
  /** how many image files were sent, including any beyond the limit that were not kept */
  imageCount: number;
}

/** Zod issues → `{ field: [messages] }`, naming a list's field rather than its items. */
function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'input');
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

/** A category removed between validation and the write: the links' foreign key refuses it. */
function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

const CATEGORIES_INVALID = 'The selected categories are invalid.';

function validationError(errors: FieldErrors): DomainError {
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  const message = more > 0 ? `${all[0]} (and ${more} more error${more > 1 ? 's' : ''})` : all[0];
  return new DomainError('invalid', message ?? 'The given data was invalid.', { errors });
}

/** Used when no configuration is given (read-only uses of the catalogue): publish without a quiet period. */
const DEFAULT_PUBLISH: PublishOptions = { dropQuietSeconds: 0 };

function filterOf(query: ProductListQuery, categoryId?: number): ProductFilter {
  return {
    categoryId: categoryId ?? query.category,
    q: query.q,
    featured: query.featured,
    inStock: query.in_stock,
    size: query.size,
    brand: query.brand,
    condition: query.condition,
    color: query.color,
    minPriceCents: query.min_price,
    maxPriceCents: query.max_price,
  };
}

/** The catalogue: categories, product listing and search, and the admin's product changes. */
export function catalogService(
  db: Db,
  options: {
    uploadDir: string;
    publish?: PublishOptions;
    events?: DomainEvents;
    /** the window for stock edits that name neither `expected_stock` nor `If-Match` (config `stock.editWindowHours`) */
    stockEditWindowHours?: number;
  },
) {
  const stockEditWindowHours = options.stockEditWindowHours ?? 24;
  const categories = categoryRepository(db);
  const products = productRepository(db);
  const publishing = options.publish ?? DEFAULT_PUBLISH;
  const announcePublished = publishing.whenPublished ?? (async () => []);
  const announce = (events: PendingEvent[]) => {
    if (options.events) emitAll(options.events, events);
  };

  /** Removes the files of images no product or order shows any more. */
  async function removeUnusedImages(keys: string[]): Promise<void> {
    const unique = [...new Set(keys)];
    if (unique.length === 0) return;
    const inUse = await productRepository(db).imageKeysInUse(unique);
    await Promise.all(unique.filter((k) => !inUse.has(k)).map((k) => removeImageFiles(k, options.uploadDir)));
  }

  /** Checks the fields and images together, so the form shows every problem at once. */
  async function validateSubmission(
    submission: ProductSubmission,
    mode: 'create' | 'update',
  ): Promise<Partial<ProductFields>> {
    const schema = mode === 'create' ? productFieldsSchema : productFieldsSchema.partial();
    const parsed = schema.safeParse(submission.fields);
    const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
    if (parsed.success && parsed.data.categories) {
      const found = await categories.existingIds(parsed.data.categories);
      if (parsed.data.categories.some((id) => !found.has(id))) {
        errors.categories = [CATEGORIES_INVALID];
      }
    }
    if (submission.imageCount > LIMITS.maxImages) {
      errors.images = [IMAGE_LIMIT_MESSAGE];
    } else {
      const checks = await Promise.all(submission.images.map((buffer) => isImage(buffer)));
      if (checks.some((ok) => !ok)) errors.images = [NOT_AN_IMAGE_MESSAGE];
    }
    if (Object.keys(errors).length > 0 || !parsed.success) throw validationError(errors);
    return parsed.data;
  }

  /** Stores every image or none: a failure removes what this call wrote (unless in use). */
  async function storeImages(buffers: Buffer[]): Promise<StoredImage[]> {
    const stored: StoredImage[] = [];
    try {
      for (const buffer of buffers) stored.push(await storeImage(buffer, options.uploadDir));
    } catch (err) {
      await removeUnusedImages(stored.map((s) => s.file_key));
      throw err;
    }
    return stored;
  }

  /** One product; drafts and scheduled ones only with `includeUnpublished` (admins). */
  async function loadOne(executor: Executor, id: number, includeUnpublished = false): Promise<ProductJson> {
    const [product] = await loadProducts(executor, [id], { includeUnpublished });
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    return product;
  }

  /** Products as admins see them: each with its stock version (for `If-Match`). */
  async function withStockVersions(executor: Executor, list: ProductJson[]): Promise<ProductJson[]> {
    const versions = await stockVersions(
      executor,
      list.map((p) => p.id),
    );
    return list.map((p) => ({ ...p, stock_version: versions.get(p.id) }));
  }

  /** One product as admins see it, drafts and scheduled ones included, with its stock version. */
  async function loadForAdmin(executor: Executor, id: number): Promise<ProductJson> {
    const [product] = await withStockVersions(executor, [await loadOne(executor, id, true)]);
    return product!;
  }

  /** The 409 of a stock edit made on a stock that has moved since: nothing is saved. */
  function stockChanged(current: number, version: string | undefined): DomainError {
    return new DomainError('conflict', stockChangedMessage(current), {
      errors: { stock_quantity: [stockChangedMessage(current)] },
      extra: { current_stock: current, ...(version ? { stock_version: version } : {}) },
    });
  }

  async function listPage(
    query: ProductListQuery,
    categoryId?: number,
    status?: ProductFilter['status'],
    /** false: a row shown without paging (the home page's featured row) needs no total */
    counted = true,
  ): Promise<ProductPage> {
    const filter = { ...filterOf(query, categoryId), status };
    if (filter.q) filter.plan = await searchPlan(db, filter.q);
    const sort: ProductSort = query.sort ?? 'newest';
    const perPage = query.per_page ?? (query.featured ? LIMITS.featuredCount : DEFAULT_PER_PAGE);
    const page = query.page ?? 1;
    const [ids, total] = await Promise.all([
      products.pageIds(filter, sort, perPage, (page - 1) * perPage),
      counted ? products.count(filter) : Promise.resolve(Number.NaN),
    ]);
    const includeUnpublished = status !== undefined && status !== 'published';
    return { products: await loadProducts(db, ids, { includeUnpublished }), page, perPage, total };
  }

  return {
    listCategories: () => categories.list(),

    async createCategory(name: string): Promise<{ id: number; name: string }> {
      const at = now();
      try {
        return await categories.insert({ name, name_key: name.toLowerCase(), created_at: at, updated_at: at });
      } catch (err) {
        if (isUniqueViolation(err)) throw invalidField('name', CATEGORY_TAKEN);
        throw err;
      }
    },

    async renameCategory(id: number, name: string): Promise<{ id: number; name: string }> {
      try {
        const updated = await categories.update(id, { name, name_key: name.toLowerCase(), updated_at: now() });
        if (!updated) throw notFound(CATEGORY_NOT_FOUND);
        return updated;
      } catch (err) {
        if (isUniqueViolation(err)) throw invalidField('name', CATEGORY_TAKEN);
        throw err;
      }
    },

    async deleteCategory(id: number): Promise<void> {
      const deleted = await db.transaction().execute((trx) => categoryRepository(trx).delete(id));
      if (!deleted) throw notFound(CATEGORY_NOT_FOUND);
    },

    listProducts: (query: ProductListQuery) => listPage(query),
    /** The products of a list shown without paging, in its order: no total is counted. */
    listProductsUncounted: async (query: ProductListQuery) =>
      (await listPage(query, undefined, undefined, false)).products,

    async listCategoryProducts(categoryId: number, query: ProductListQuery): Promise<ProductPage> {
      if (!(await categories.find(categoryId))) throw notFound(CATEGORY_NOT_FOUND);
      return listPage(query, categoryId);
    },

    getProduct: (id: number) => loadOne(db, id),

    /** Any product that is not deleted, drafts and scheduled ones included (admins only), with its stock version. */
    getProductForAdmin: (id: number) => loadForAdmin(db, id),

    /** The admin's product table: every publish state unless one is asked for, newest first. */
    async listAdminProducts(
      query: { page?: number; per_page?: number; q?: string },
      status: ProductFilter['status'] = 'all',
    ): Promise<ProductPage> {
      const page = await listPage(
        {
          page: query.page,
          per_page: query.per_page ?? LIMITS.pageSize,
          q: query.q || undefined,
          sort: 'newest',
        } as ProductListQuery,
        undefined,
        status,
      );
      return { ...page, products: await withStockVersions(db, page.products) };
    },

    async search(text: string): Promise<ProductSummaryJson[]> {
      const q = text.trim().replace(/\s+/g, ' ').slice(0, 100);
      if (q.length < LIMITS.searchMinChars) return [];
      const rows = await products.search(q, LIMITS.searchMaxResults, await searchPlan(db, q));
      const keys = await firstImageKeys(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => {
        const key = keys.get(r.id);
        return {
          id: r.id,
          name: r.name,
          price: centsToAmount(r.price_cents),
          image_url: key ? imageUrl(key) : null,
          stock_quantity: r.stock_quantity,
        };
      });
    },

    /** Filter chips for a category and/or search, and the search with misspelt words corrected. */
    async facets(query: { category?: number; q?: string }): Promise<ProductFacets> {
      if (query.category !== undefined && !(await categories.find(query.category))) throw notFound(CATEGORY_NOT_FOUND);
      const plan = query.q ? await searchPlan(db, query.q) : undefined;
      const facets = await productFacets(db, { categoryId: query.category, plan });
      return { ...facets, did_you_mean: plan && query.q ? (didYouMean(query.q, plan) ?? null) : null };
    },

    /** Never empty while live products exist: short lists are filled with the newest in stock. */
    async trending(at: Date = new Date()): Promise<ProductJson[]> {
      const since = new Date(at.getTime() - TRENDING_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();
      const ids = await products.trendingIds(since, TRENDING_FLAG_BOOST, TRENDING_LIMIT);
      const fill = await products.newestIds(TRENDING_LIMIT - ids.length, ids);
      return loadProducts(db, [...ids, ...fill]);
    },

    /** The product's stock version (the ETag of admin replies), whatever its state. */
    async stockVersion(id: number): Promise<string> {
      return (await stockVersions(db, [id])).get(id)!;
    },

    /** The product's latest stock movements, newest first (deleted products too: orders point at them). */
    async stockMovements(id: number) {
      if (!(await products.exists(id))) throw notFound(PRODUCT_NOT_FOUND);
      return recentMovements(db, id, 20);
    },

    async related(id: number): Promise<ProductJson[]> {
      if (!(await products.isLive(id))) throw notFound(PRODUCT_NOT_FOUND);
      return loadProducts(db, await products.relatedIds(id, RELATED_LIMIT));
    },

    /**
     * A product and its related items as `getProduct` and `related` give them, read together for
     * its page: the related ids first, then every product in one load (three queries, not six,
     * and no separate check that the product is live). null when shoppers cannot see it.
     */
    async productWithRelated(id: number): Promise<{ product: ProductJson; related: ProductJson[] } | null> {
      const relatedIds = await products.relatedIds(id, RELATED_LIMIT);
      const [product, ...related] = await loadProducts(db, [id, ...relatedIds]);
      return product?.id === id ? { product, related } : null;
    },

    async createProduct(submission: ProductSubmission, by: { userId: number | null }): Promise<ProductJson> {
      const fields = (await validateSubmission(submission, 'create')) as ProductFields;
      const clock = new Date();
      const publish = publishChange(undefined, fields, clock, publishing.dropQuietSeconds);
      const stored = await storeImages(submission.images);
      try {
        const { product, events } = await db.transaction().execute(async (trx) => {
          const at = clock.toISOString();
          const id = await insertProduct(
            trx,
            { fields, categoryIds: fields.categories, images: stored, extra: publish.changes },
            by,
            at,
          );
          const pending = publish.publishedNow ? await announcePublished(trx, [id], at) : [];
          return { product: await loadOne(trx, id, true), events: pending };
        });
        announce(events);
        return product;
      } catch (err) {
        await removeUnusedImages(stored.map((s) => s.file_key));
        if (isForeignKeyViolation(err)) throw invalidField('categories', CATEGORIES_INVALID);
        throw err;
      }
    },

    /**
     * Changes only the fields sent; new images replace the old set, none keeps it. The stock moves
     * only from what the edit loaded: the `If-Match` stock version or `expected_stock` when sent,
     * else only if no order or offer moved it within the edit window (409 otherwise, nothing saved).
     */
    async updateProduct(
      id: number,
      submission: ProductSubmission,
      by: { userId: number | null },
      precondition: { ifMatch?: string } = {},
    ): Promise<ProductJson> {
      const current = await products.findLive(id);
      if (!current) throw notFound(PRODUCT_NOT_FOUND);
      const fields = await validateSubmission(submission, 'update');
      const clock = new Date();
      const publish = publishChange(
        current,
        { status: fields.status, publish_at: fields.publish_at },
        clock,
        publishing.dropQuietSeconds,
      );
      const stored = submission.images.length > 0 ? await storeImages(submission.images) : undefined;
      let replaced: string[] = [];
      try {
        const { product, events } = await db.transaction().execute(async (trx) => {
          const repo = productRepository(trx);
          const at = clock.toISOString();
          const changes: Updateable<ProductsTable> = { updated_at: at, ...publish.changes };
          if (fields.name !== undefined) changes.name = fields.name;
          if (fields.description !== undefined) changes.description = fields.description;
          if (fields.price !== undefined) changes.price_cents = fields.price;
          if (fields.compare_at_price !== undefined) changes.compare_at_price_cents = fields.compare_at_price;
          if (fields.size !== undefined) changes.size = fields.size;
          if (fields.brand !== undefined) changes.brand = fields.brand;
          if (fields.condition !== undefined) changes.condition = fields.condition;
          if (fields.color !== undefined) changes.color = fields.color;
          if (fields.measurements !== undefined) changes.measurements = storedMeasurements(fields.measurements);
          if (fields.flaws !== undefined) changes.flaws = fields.flaws;
          if (fields.is_featured !== undefined) changes.is_featured = fields.is_featured ? 1 : 0;
          if (fields.is_trending !== undefined) changes.is_trending = fields.is_trending ? 1 : 0;
          if (fields.negotiable !== undefined) changes.negotiable = fields.negotiable ? 1 : 0;
          changes.search_text = productSearchText(
            fields.name ?? current.name,
            fields.brand !== undefined ? fields.brand : current.brand,
            fields.description ?? current.description,
          );
          // The version the edit names (If-Match), read with the stock it stands for.
          const tags = precondition.ifMatch === undefined ? undefined : ifMatchTags(precondition.ifMatch);
          let versionStock: number | undefined;
          if (tags !== undefined) {
            // The product's row is locked first, so no stock movement comes between the stock and the version read.
            const stock = (await repo.lockedStock(id)) ?? 0;
            const version = (await stockVersions(trx, [id])).get(id);
            if (version === undefined || !tags.includes(version)) throw stockChanged(stock, version);
            versionStock = stock;
          }
          await repo.update(id, changes);
          if (fields.stock_quantity !== undefined) {
            let expected = fields.expected_stock ?? versionStock;
            if (expected === undefined) {
              const since = new Date(clock.getTime() - stockEditWindowHours * 3600_000).toISOString();
              const base = await unstatedEditBase(trx, id, fields.stock_quantity, since);
              if (!base.ok) throw stockChanged(base.current ?? 0, (await stockVersions(trx, [id])).get(id));
              expected = base.stock;
            }
            const adjusted = await adjustStock(
              trx,
              id,
              { expected, target: fields.stock_quantity },
              { actor: 'admin', userId: by.userId },
              at,
            );
            if (!adjusted.ok) {
              throw stockChanged(adjusted.current ?? 0, (await stockVersions(trx, [id])).get(id));
            }
          }
          if (fields.categories) await repo.setCategories(id, fields.categories);
          if (stored) replaced = await repo.replaceImages(id, stored, at);
          const pending = publish.publishedNow ? await announcePublished(trx, [id], at) : [];
          return { product: await loadForAdmin(trx, id), events: pending };
        });
        announce(events);
        await removeUnusedImages(replaced);
        return product;
      } catch (err) {
        if (stored) await removeUnusedImages(stored.map((s) => s.file_key));
        if (isForeignKeyViolation(err)) throw invalidField('categories', CATEGORIES_INVALID);
        throw err;
      }
    },

    /** Soft delete: the product leaves the shop, carts and wishlists; orders keep their snapshot. */
    async deleteProduct(id: number): Promise<void> {
      const deleted = await db.transaction().execute((trx) => productRepository(trx).softDelete(id, now()));
      if (!deleted) throw notFound(PRODUCT_NOT_FOUND);
    },
  };
}

export type CatalogService = ReturnType<typeof catalogService>;
