import type { Executor } from '../../db/database.js';

const CUSTOMER_COLUMNS = ['id', 'name', 'email', 'phone', 'password_hash', 'is_admin', 'email_verified_at'] as const;

/** Queries of the manual-order screens: customers and products to sell. */
export function manualOrdersRepository(db: Executor) {
  return {
    /** Customers (never staff) whose e-mail is `email`, or whose account or orders carry `phone`. */
    async findCustomers(match: { email?: string; phone?: string }, limit: number) {
      const { email, phone } = match;
      if (!email && !phone) return [];
      return db
        .selectFrom('users')
        .select(CUSTOMER_COLUMNS)
        .where('is_admin', '=', 0)
        .where((eb) => {
          const ors = [];
          if (email) ors.push(eb('email', '=', email));
          if (phone) {
            ors.push(eb('phone', '=', phone));
            ors.push(
              eb(
                'id',
                'in',
                eb
                  .selectFrom('orders')
                  .select('user_id')
                  .where('shipping_phone', '=', phone)
                  .where('user_id', 'is not', null)
                  .$narrowType<{ user_id: number }>(),
              ),
            );
          }
          return eb.or(ors);
        })
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    findUserById(id: number) {
      return db.selectFrom('users').select(CUSTOMER_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    findUserByEmail(email: string) {
      return db.selectFrom('users').select(CUSTOMER_COLUMNS).where('email', '=', email).executeTakeFirst();
    },

    createCustomer(values: { name: string; email: string; phone: string | null; at: string }) {
      return db
        .insertInto('users')
        .values({
          name: values.name,
          email: values.email,
          phone: values.phone,
          password_hash: null,
          is_admin: 0,
          email_verified_at: null,
          google_sub: null,
          created_at: values.at,
          updated_at: values.at,
        })
        .returning(CUSTOMER_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** The latest phone each of these customers ordered with (one query for all). */
    async latestOrderPhones(userIds: number[]): Promise<Map<number, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('orders')
        .select(['user_id', 'shipping_phone'])
        .where('user_id', 'in', userIds)
        .where('shipping_phone', 'is not', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const phones = new Map<number, string>();
      for (const r of rows)
        if (r.user_id !== null && r.shipping_phone && !phones.has(r.user_id)) phones.set(r.user_id, r.shipping_phone);
      return phones;
    },

    /** Products that are on sale (not deleted), with their price and stock. */
    productsForSale(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('products')
        .select(['id', 'name', 'price_cents', 'stock_quantity'])
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
    },

    findOrder(id: number) {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
