import { sql, type Expression } from 'kysely';
import { now, type Executor } from '../../db/database.js';
import { fixedQuery } from '../../db/fixed-query.js';

/** A cart line joined with the product fields it shows; only lines of products not deleted. */
export interface CartLineRow {
  id: number;
  user_id: number;
  product_id: number;
  quantity: number;
  name: string;
  price_cents: number;
  stock_quantity: number;
  /** units held off the shelf for accepted offers (docs/product.md, Make an offer) */
  held_quantity: number;
}

/** What the cart needs to know about a product before taking it. */
export interface CartableProduct {
  id: number;
  name: string;
  stock_quantity: number;
  held_quantity: number;
}

/** Cart lines joined with the product fields they show; only lines of products not deleted. */
const cartLines = (db: Executor) =>
  db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .select([
      'ci.id',
      'ci.user_id',
      'ci.product_id',
      'ci.quantity',
      'p.name',
      'p.price_cents',
      'p.stock_quantity',
      'p.held_quantity',
    ])
    .where('p.deleted_at', 'is', null);

/** A cart line with its product's first photo (file key), as the cart screen reads it. */
export type CartLineWithImage = CartLineRow & { image_key: string | null };

/** The lines with each product's first photo, in cart order (the cart screen's read). */
const linesWithImagesOf = (db: Executor, userId: number | Expression<number>) =>
  cartLines(db)
    .select((eb) =>
      eb
        .selectFrom('product_images as pi')
        .select('pi.file_key')
        .whereRef('pi.product_id', '=', 'ci.product_id')
        .orderBy('pi.position')
        .orderBy('pi.id')
        .limit(1)
        .as('image_key'),
    )
    .where('ci.user_id', '=', userId)
    .orderBy('ci.id');

/** The cart screen's read, compiled once (db/fixed-query.ts). */
const linesWithImages = fixedQuery((db, userId: number) => linesWithImagesOf(db, userId), 1);

/**
 * PostgreSQL: the cart screen's read as one JSON array, selected in the bearer token's check
 * (plugins/auth.ts, `requireUserAlong`), so a signed-in cart costs one round trip, not two.
 */
export const cartLinesAlongToken = {
  select: (db: Executor, userId: Expression<number>) =>
    sql<
      CartLineWithImage[]
    >`(select coalesce(json_agg(l order by l.id), '[]'::json) from (${linesWithImagesOf(db, userId)}) as l)`,
};

/** An order of one item takes it out of the cart with these two, compiled once. */
const deleteOrderedLine = fixedQuery(
  (db, userId: number, productId: number, quantity: number) =>
    db
      .deleteFrom('cart_items')
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .where('quantity', '<=', quantity),
  3,
);
const shrinkOrderedLine = fixedQuery(
  (db, userId: number, productId: number, quantity: number, at: string) =>
    db
      .updateTable('cart_items')
      .set((eb) => ({ quantity: eb('quantity', '-', quantity), updated_at: at }))
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .where('quantity', '>', quantity),
  4,
);

export function cartRepository(db: Executor) {
  const lines = () => cartLines(db);

  return {
    /**
     * Takes ordered units out of the cart in two statements whatever the number of lines: lines
     * ordered in full are deleted, lines holding more units keep the rest.
     */
    async takeOut(userId: number, lines: ReadonlyMap<number, number>, at: string): Promise<void> {
      if (lines.size === 0) return;
      const ordered = [...lines];
      if (ordered.length === 1) {
        const [[productId, quantity]] = ordered as [[number, number]];
        await deleteOrderedLine(db, userId, productId, quantity);
        await shrinkOrderedLine(db, userId, productId, quantity, at);
        return;
      }
      await db
        .deleteFrom('cart_items')
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or(
            ordered.map(([productId, qty]) => eb.and([eb('product_id', '=', productId), eb('quantity', '<=', qty)])),
          ),
        )
        .execute();
      await db
        .updateTable('cart_items')
        .set((eb) => {
          const [[firstId, firstQty], ...rest] = ordered;
          let chain = eb.case().when('product_id', '=', firstId).then(firstQty);
          for (const [productId, qty] of rest) chain = chain.when('product_id', '=', productId).then(qty);
          return { quantity: eb('quantity', '-', chain.else(0).end()), updated_at: at };
        })
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or(
            ordered.map(([productId, qty]) => eb.and([eb('product_id', '=', productId), eb('quantity', '>', qty)])),
          ),
        )
        .execute();
    },

    listForUser(userId: number): Promise<CartLineRow[]> {
      return lines().where('ci.user_id', '=', userId).orderBy('ci.id').execute();
    },

    /** The cart's lines with each product's first photo, in one query (the cart screen's read). */
    listWithImages(userId: number): Promise<CartLineWithImage[]> {
      return linesWithImages(db, userId);
    },

    findForUser(userId: number, itemId: number): Promise<CartLineRow | undefined> {
      return lines().where('ci.user_id', '=', userId).where('ci.id', '=', itemId).executeTakeFirst();
    },

    findByProduct(userId: number, productId: number): Promise<CartLineRow | undefined> {
      return lines().where('ci.user_id', '=', userId).where('ci.product_id', '=', productId).executeTakeFirst();
    },

    findProduct(productId: number): Promise<CartableProduct | undefined> {
      // drafts and scheduled items are not for sale yet
      return db
        .selectFrom('products')
        .select(['id', 'name', 'stock_quantity', 'held_quantity'])
        .where('id', '=', productId)
        .where('deleted_at', 'is', null)
        .where('status', '=', 'published')
        .executeTakeFirst();
    },

    /** Inserts a new line unless the user already has one for the product; the new id, or undefined. */
    async insertIfAbsent(userId: number, productId: number, quantity: number): Promise<number | undefined> {
      const at = now();
      const row = await db
        .insertInto('cart_items')
        .values({ user_id: userId, product_id: productId, quantity, created_at: at, updated_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * Adds to an existing line in one statement, so two adds at once both count; refuses (undefined)
     * when the line is gone or the result would exceed `maxQuantity`.
     */
    async increase(
      userId: number,
      productId: number,
      quantity: number,
      maxQuantity: number,
    ): Promise<number | undefined> {
      const row = await db
        .updateTable('cart_items')
        .set((eb) => ({ quantity: eb('quantity', '+', quantity), updated_at: now() }))
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .where((eb) => eb(eb('quantity', '+', quantity), '<=', maxQuantity))
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    async setQuantity(userId: number, itemId: number, quantity: number): Promise<boolean> {
      const result = await db
        .updateTable('cart_items')
        .set({ quantity, updated_at: now() })
        .where('id', '=', itemId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async remove(userId: number, itemId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('cart_items')
        .where('id', '=', itemId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async clear(userId: number): Promise<number> {
      const result = await db.deleteFrom('cart_items').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Σ quantity of the lines the cart shows (deleted products left out). */
    async countForUser(userId: number): Promise<number> {
      const row = await db
        .selectFrom('cart_items as ci')
        .innerJoin('products as p', 'p.id', 'ci.product_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('ci.quantity'), eb.lit(0)).as('count'))
        .where('ci.user_id', '=', userId)
        .where('p.deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type CartRepository = ReturnType<typeof cartRepository>;
