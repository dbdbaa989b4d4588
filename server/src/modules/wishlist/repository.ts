import { now, type Executor } from '../../db/database.js';

export interface WishlistRow {
  id: number;
  user_id: number;
  product_id: number;
  created_at: string;
}

export function wishlistRepository(db: Executor) {
  return {
    /** The customer's entries whose product still exists, newest first. */
    listForUser(userId: number): Promise<WishlistRow[]> {
      return db
        .selectFrom('wishlist_items as w')
        .innerJoin('products as p', 'p.id', 'w.product_id')
        .select(['w.id', 'w.user_id', 'w.product_id', 'w.created_at'])
        .where('w.user_id', '=', userId)
        .where('p.deleted_at', 'is', null)
        .orderBy('w.created_at', 'desc')
        .orderBy('w.id', 'desc')
        .execute();
    },

    /** The new entry, or undefined when the product is already on the customer's list. */
    insertIfAbsent(userId: number, productId: number): Promise<WishlistRow | undefined> {
      return db
        .insertInto('wishlist_items')
        .values({ user_id: userId, product_id: productId, created_at: now() })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
        .returning(['id', 'user_id', 'product_id', 'created_at'])
        .executeTakeFirst();
    },

    async remove(userId: number, entryId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('wishlist_items')
        .where('id', '=', entryId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type WishlistRepository = ReturnType<typeof wishlistRepository>;
