import { sql, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { ProductSort } from '@mtumba/contract/product';
import { dialectOf, type Executor } from '../../db/database.js';
import type { CategoriesTable, ProductCondition, ProductStatus, ProductsTable } from '../../db/schema.js';
import { like, likePattern, searchMatch, searchWords } from './search.js';
import { planCondition } from './search-repository.js';
import type { SearchPlan } from './search-terms.js';

/** What a product list can be narrowed by; prices in cents, text already trimmed. */
export interface ProductFilter {
  categoryId?: number;
  /** free text: every word must appear in name, brand or description */
  q?: string;
  /** `q` read in the shop's words (synonyms, categories, sizes…): used instead of `q`'s plain words when given */
  plan?: SearchPlan;
  /** the front page's selection: products in stock, the admin's featured ones first */
  featured?: boolean;
  inStock?: boolean;
  size?: string;
  brand?: string;
  condition?: ProductCondition;
  color?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  /** which publish states to show: published only (the shop's lists) unless an admin asks */
  status?: ProductStatus | 'all';
}

const inStockFirst = sql`case when products.stock_quantity > 0 then 0 else 1 end`;

/** Whether a filter leaves every live product in: an empty string or false narrows nothing. */
const narrowsNothing = (filter: ProductFilter) =>
  Object.values(filter).every((value) => value === undefined || value === false || value === '');

export function categoryRepository(db: Executor) {
  return {
    async list(): Promise<{ id: number; name: string }[]> {
      return db.selectFrom('categories').select(['id', 'name']).orderBy('name_key').orderBy('id').execute();
    },

    async find(id: number): Promise<{ id: number; name: string } | undefined> {
      return db.selectFrom('categories').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    },

    async byNameKeys(nameKeys: string[]): Promise<{ id: number; name_key: string }[]> {
      return db.selectFrom('categories').select(['id', 'name_key']).where('name_key', 'in', nameKeys).execute();
    },

    async findByKey(nameKey: string): Promise<{ id: number } | undefined> {
      return db.selectFrom('categories').select('id').where('name_key', '=', nameKey).executeTakeFirst();
    },

    async insert(values: Insertable<CategoriesTable>): Promise<{ id: number; name: string }> {
      return db.insertInto('categories').values(values).returning(['id', 'name']).executeTakeFirstOrThrow();
    },

    async update(id: number, values: Updateable<CategoriesTable>): Promise<{ id: number; name: string } | undefined> {
      return db.updateTable('categories').set(values).where('id', '=', id).returning(['id', 'name']).executeTakeFirst();
    },

    /** Deletes the category and its links; its products stay. False when there was none. */
    async delete(id: number): Promise<boolean> {
      await db.deleteFrom('product_categories').where('category_id', '=', id).execute();
      const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Which of the given ids are categories. */
    async existingIds(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('categories').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },
  };
}

export function productRepository(db: Executor) {
  /** Live products narrowed by the filter; the same conditions serve the page and the count. */
  function filtered(filter: ProductFilter, purpose: 'page' | 'count' = 'page') {
    let query = db.selectFrom('products').where('products.deleted_at', 'is', null);
    const status = filter.status ?? 'published';
    if (status !== 'all') query = query.where('products.status', '=', status);
    const categoryId = filter.categoryId;
    if (categoryId !== undefined && purpose === 'count') {
      // Counting walks the category's links once.
      query = query.where(
        'products.id',
        'in',
        db.selectFrom('product_categories').select('product_id').where('category_id', '=', categoryId),
      );
    } else if (categoryId !== undefined) {
      // A page walks the sort order's index and stops once it has enough products of the category.
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('product_categories as pc')
            .select(sql`1`.as('one'))
            .whereRef('pc.product_id', '=', 'products.id')
            .where('pc.category_id', '=', categoryId),
        ),
      );
    }
    const words = filter.plan ? [] : searchWords(filter.q ?? '');
    if (filter.plan && filter.plan.words.length > 0) query = query.where(planCondition(db, filter.plan));
    const match = words.length > 0 && dialectOf(db) === 'sqlite' ? searchMatch(words) : undefined;
    if (match) {
      query = query.where(
        sql<SqlBool>`products.id in (select rowid from products_search where products_search match ${match})`,
      );
    }
    for (const word of words) {
      query = query.where(like('products.search_text', likePattern(word, 'anywhere')));
    }
    if (filter.inStock || filter.featured) query = query.where('products.stock_quantity', '>', 0);
    if (filter.size) query = query.where(sql`lower(products.size)`, '=', filter.size.toLowerCase());
    if (filter.brand) query = query.where(sql`lower(products.brand)`, '=', filter.brand.toLowerCase());
    if (filter.color) query = query.where(sql`lower(products.color)`, '=', filter.color.toLowerCase());
    if (filter.condition) query = query.where('products.condition', '=', filter.condition);
    if (filter.minPriceCents !== undefined) query = query.where('products.price_cents', '>=', filter.minPriceCents);
    if (filter.maxPriceCents !== undefined) query = query.where('products.price_cents', '<=', filter.maxPriceCents);
    return query;
  }

  return {
    /** One page of product ids, in display order (ties broken by id so pages never overlap). */
    async pageIds(filter: ProductFilter, sort: ProductSort, limit: number, offset: number): Promise<number[]> {
      let query = filtered(filter).select('products.id');
      if (filter.featured) query = query.orderBy('products.is_featured', 'desc');
      if (sort === 'price_asc') query = query.orderBy('products.price_cents', 'asc').orderBy('products.id', 'asc');
      else if (sort === 'price_desc')
        query = query.orderBy('products.price_cents', 'desc').orderBy('products.id', 'desc');
      else query = query.orderBy('products.created_at', 'desc').orderBy('products.id', 'desc');
      const rows = await query.limit(limit).offset(offset).execute();
      return rows.map((r) => r.id);
    },

    async count(filter: ProductFilter): Promise<number> {
      if (narrowsNothing(filter)) {
        // The live products are counted by triggers as they change (migration 0020: the sum of its rows).
        const row = await db
          .selectFrom('catalogue_state')
          .select((eb) => eb.fn.sum<number>('live_products').as('live_products'))
          .executeTakeFirst();
        return Number(row?.live_products ?? 0);
      }
      const row = await filtered(filter, 'count')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /**
     * Search suggestions: every word must match name, brand or description; names starting with
     * the text come first, then names containing it, then the rest; in stock before sold.
     */
    async search(
      text: string,
      limit: number,
      plan?: SearchPlan,
    ): Promise<{ id: number; name: string; price_cents: number; stock_quantity: number }[]> {
      const phrase = text.toLowerCase();
      const rank = sql`case
        when lower(products.name) like ${likePattern(phrase, 'start')} escape '\\' then 0
        when lower(products.name) like ${likePattern(phrase, 'anywhere')} escape '\\' then 1
        else 2 end`;
      return filtered({ q: text, plan })
        .select(['products.id', 'products.name', 'products.price_cents', 'products.stock_quantity'])
        .orderBy(rank)
        .orderBy(inStockFirst)
        .orderBy(sql`lower(products.name)`)
        .orderBy('products.id')
        .limit(limit)
        .execute();
    },

    /**
     * Products in demand since `since`: units ordered in orders that were not cancelled, plus
     * wishlist adds, plus `boost` for the admin's trending flag. In stock first, then by score.
     */
    async trendingIds(since: string, boost: number, limit: number): Promise<number[]> {
      const ordered = db
        .selectFrom('order_items as oi')
        .innerJoin('orders as o', 'o.id', 'oi.order_id')
        .where('o.created_at', '>=', since)
        .where('o.order_status', '!=', 'cancelled')
        .where('oi.product_id', 'is not', null)
        .select(['oi.product_id as product_id', 'oi.quantity as weight']);
      const wished = db
        .selectFrom('wishlist_items as w')
        .where('w.created_at', '>=', since)
        .select(['w.product_id as product_id', sql<number>`1`.as('weight')]);
      // The admin's picks join the candidates with no demand of their own, so the ranking reads
      // only products with recent demand or the flag, never the whole catalogue.
      const flagged = db
        .selectFrom('products as f')
        .where('f.is_trending', '=', 1)
        .where('f.deleted_at', 'is', null)
        .where('f.status', '=', 'published')
        .select(['f.id as product_id', sql<number>`0`.as('weight')]);
      const candidates = db
        .selectFrom(ordered.unionAll(wished).unionAll(flagged).as('d'))
        .select(['d.product_id', (eb) => eb.fn.sum<number>('d.weight').as('demand')])
        .groupBy('d.product_id');
      const score = sql<number>`c.demand + case when products.is_trending = 1 then ${boost} else 0 end`;
      const rows = await db
        .selectFrom(candidates.as('c'))
        .innerJoin('products', 'products.id', 'c.product_id')
        .where('products.deleted_at', 'is', null)
        .where('products.status', '=', 'published')
        .select('products.id')
        .orderBy(inStockFirst)
        .orderBy(score, 'desc')
        .orderBy('products.created_at', 'desc')
        .orderBy('products.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Newest live products, in stock first, leaving out some ids (to fill short lists). */
    async newestIds(limit: number, exclude: number[]): Promise<number[]> {
      const ids: number[] = [];
      // Two index-friendly queries rather than one sort of the whole catalogue by stock.
      for (const inStock of [true, false]) {
        if (ids.length >= limit) break;
        let query = db
          .selectFrom('products')
          .where('products.deleted_at', 'is', null)
          .where('products.status', '=', 'published')
          .where('products.stock_quantity', inStock ? '>' : '<=', 0)
          .select('products.id')
          .orderBy('products.created_at', 'desc')
          .orderBy('products.id', 'desc')
          .limit(limit - ids.length);
        if (exclude.length > 0) query = query.where('products.id', 'not in', exclude);
        ids.push(...(await query.execute()).map((r) => r.id));
      }
      return ids;
    },

    /** Other live products sharing a category with the product, in stock first, newest first. */
    async relatedIds(productId: number, limit: number): Promise<number[]> {
      const ids: number[] = [];
      // A product in no category has none related: asked as below, that is every product read to
      // find none (55 ms with 50,000 products, for each of a drop's new items).
      const own = await db
        .selectFrom('product_categories')
        .select('category_id')
        .where('product_id', '=', productId)
        .execute();
      if (own.length === 0) return ids;
      const categoryIds = own.map((r) => r.category_id);
      for (const inStock of [true, false]) {
        if (ids.length >= limit) break;
        const rows = await db
          .selectFrom('products')
          .where('products.deleted_at', 'is', null)
          .where('products.status', '=', 'published')
          .where('products.id', '!=', productId)
          .where('products.stock_quantity', inStock ? '>' : '<=', 0)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('product_categories as pc')
                .select(sql`1`.as('one'))
                .whereRef('pc.product_id', '=', 'products.id')
                .where('pc.category_id', 'in', categoryIds),
            ),
          )
          .select('products.id')
          .orderBy('products.created_at', 'desc')
          .orderBy('products.id', 'desc')
          .limit(limit - ids.length)
          .execute();
        ids.push(...rows.map((r) => r.id));
      }
      return ids;
    },

    /** Whether the product exists at all, deleted or not. */
    async exists(id: number): Promise<boolean> {
      return (await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    /** Whether shoppers can see the product: not deleted, and published. */
    /**
     * Puts up to `limit` scheduled products whose time has come on sale; the conditional UPDATE
     * publishes each for one caller only when several run at once. Returns the ids it published.
     */
    async publishDue(nowIso: string, limit: number): Promise<number[]> {
      const rows = await db
        .updateTable('products')
        .set((eb) => ({
          status: 'published' as const,
          published_at: eb.ref('publish_at'),
          announce_after: eb.ref('publish_at'),
          updated_at: nowIso,
        }))
        .where('id', 'in', (qb) =>
          qb
            .selectFrom('products')
            .select('id')
            .where('status', '=', 'scheduled')
            .where('publish_at', '<=', nowIso)
            .where('deleted_at', 'is', null)
            .orderBy('publish_at')
            .orderBy('id')
            .limit(limit),
        )
        // checked again on the row itself: another instance may have published it meanwhile
        .where('status', '=', 'scheduled')
        .returning('id')
        .execute();
      return rows.map((r) => r.id).sort((a, b) => a - b);
    },

    /**
     * The product's stock, its row locked until the transaction ends on PostgreSQL (SQLite has one
     * writer): every stock movement updates that row, so none can come between this read and the next.
     */
    async lockedStock(id: number): Promise<number | undefined> {
      let query = db.selectFrom('products').select('stock_quantity').where('id', '=', id);
      if (dialectOf(db) === 'postgres') query = query.forUpdate();
      return (await query.executeTakeFirst())?.stock_quantity;
    },

    /** Published products not announced yet, and when the last of them may be announced. */
    async awaitingAnnouncement(): Promise<{ count: number; latest: string | null }> {
      const row = await db
        .selectFrom('products')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('announce_after').as('latest')])
        .where('announced_at', 'is', null)
        .where('announce_after', 'is not', null)
        .where('status', '=', 'published')
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), latest: row.latest === null ? null : String(row.latest) };
    },

    /** Marks the products due for announcement as announced; one conditional UPDATE, so each is claimed once. */
    async claimAnnouncements(nowIso: string): Promise<number[]> {
      const rows = await db
        .updateTable('products')
        .set({ announced_at: nowIso })
        .where('announced_at', 'is', null)
        .where('announce_after', 'is not', null)
        .where('announce_after', '<=', nowIso)
        .where('status', '=', 'published')
        .where('deleted_at', 'is', null)
        .returning('id')
        .execute();
      return rows.map((r) => r.id).sort((a, b) => a - b);
    },

    /** Recomputes the denormalised review_count and rating_sum of the products from their reviews. */
    async refreshRatings(ids: number[]): Promise<void> {
      await db
        .updateTable('products')
        .set({
          review_count: sql<number>`(select count(*) from reviews r where r.product_id = products.id)`,
          rating_sum: sql<number>`(select coalesce(sum(r.rating), 0) from reviews r where r.product_id = products.id)`,
        })
        .where('id', 'in', ids)
        .execute();
    },

    async isLive(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('products')
        .select('id')
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where('status', '=', 'published')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A product that is not deleted, whatever its publish state (admin changes). */
    async findLive(id: number) {
      return db
        .selectFrom('products')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    async insert(values: Insertable<ProductsTable>): Promise<number> {
      const row = await db.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: Updateable<ProductsTable>): Promise<void> {
      await db.updateTable('products').set(values).where('id', '=', id).where('deleted_at', 'is', null).execute();
    },

    async setCategories(productId: number, categoryIds: number[]): Promise<void> {
      await db.deleteFrom('product_categories').where('product_id', '=', productId).execute();
      if (categoryIds.length > 0) {
        await db
          .insertInto('product_categories')
          .values(categoryIds.map((category_id) => ({ product_id: productId, category_id })))
          .execute();
      }
    },

    /** Replaces the product's images with the given ones (in order); returns the old file keys. */
    async replaceImages(
      productId: number,
      images: { file_key: string; width: number; height: number }[],
      at: string,
    ): Promise<string[]> {
      const old = await db
        .selectFrom('product_images')
        .select('file_key')
        .where('product_id', '=', productId)
        .execute();
      await db.deleteFrom('product_images').where('product_id', '=', productId).execute();
      if (images.length > 0) {
        await db
          .insertInto('product_images')
          .values(
            images.map((img, position) => ({
              product_id: productId,
              position,
              file_key: img.file_key,
              width: img.width,
              height: img.height,
              created_at: at,
            })),
          )
          .execute();
      }
      return old.map((r) => r.file_key);
    },

    /** Soft-deletes a live product and takes it out of every cart and wishlist. */
    async softDelete(id: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('products')
        .set({ deleted_at: at, updated_at: at })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await db.deleteFrom('cart_items').where('product_id', '=', id).execute();
      await db.deleteFrom('wishlist_items').where('product_id', '=', id).execute();
      return true;
    },

    /** The file keys among `keys` still shown somewhere: a product's images or an order's snapshot. */
    async imageKeysInUse(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const [images, orderItems] = await Promise.all([
        db.selectFrom('product_images').select('file_key').where('file_key', 'in', keys).execute(),
        db
          .selectFrom('order_items')
          .select('product_image_key as file_key')
          .where('product_image_key', 'in', keys)
          .execute(),
      ]);
      return new Set([...images, ...orderItems].map((r) => r.file_key).filter((k): k is string => k !== null));
    },
  };
}

export type ProductRepository = ReturnType<typeof productRepository>;
