import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ReviewsTable } from '../../db/schema.js';

export interface ReviewRow {
  id: number;
  product_id: number;
  user_id: number;
  rating: number;
  review_text: string;
  created_at: string;
  updated_at: string;
  user_name: string;
}

export function reviewRepository(db: Executor) {
  const withAuthor = () =>
    db
      .selectFrom('reviews as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select([
        'r.id',
        'r.product_id',
        'r.user_id',
        'r.rating',
        'r.review_text',
        'r.created_at',
        'r.updated_at',
        'u.name as user_name',
      ]);

  return {
    async find(id: number): Promise<ReviewRow | undefined> {
      return withAuthor().where('r.id', '=', id).executeTakeFirst();
    },

    /** The user's own reviews, newest first; of one product when given. */
    async ofUser(userId: number, productId?: number): Promise<ReviewRow[]> {
      let query = withAuthor().where('r.user_id', '=', userId);
      if (productId !== undefined) query = query.where('r.product_id', '=', productId);
      return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').execute();
    },

    /** A product's reviews, newest first. */
    async ofProduct(productId: number, limit: number, offset: number): Promise<ReviewRow[]> {
      return withAuthor()
        .where('r.product_id', '=', productId)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countOfProduct(productId: number): Promise<number> {
      const row = await db
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    async existsFor(userId: number, productId: number): Promise<boolean> {
      const row = await db
        .selectFrom('reviews')
        .select('id')
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the product is in one of the user's delivered orders. */
    async hasDelivered(userId: number, productId: number): Promise<boolean> {
      const row = await db
        .selectFrom('order_items as oi')
        .innerJoin('orders as o', 'o.id', 'oi.order_id')
        .select('oi.id')
        .where('o.user_id', '=', userId)
        .where('o.order_status', '=', 'delivered')
        .where('oi.product_id', '=', productId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(values: Insertable<ReviewsTable>): Promise<number> {
      const row = await db.insertInto('reviews').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: { rating: number; review_text: string; updated_at: string }): Promise<void> {
      await db.updateTable('reviews').set(values).where('id', '=', id).execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('reviews').where('id', '=', id).execute();
    },
  };
}
