import type { Executor } from '../../db/database.js';

/** The kinds of shopper alert; each is one row kind in `alert_sends`. */
export type AlertKind = 'price_drop' | 'back_on_sale' | 'cart_reminder';

/** The two opt-ins: item alerts (price drops, back on sale) and the cart reminder. */
export type AlertList = 'wishlist' | 'cart';

const LIST_COLUMN = { wishlist: 'wishlist_alert_emails', cart: 'cart_reminder_emails' } as const;

/**
 * Queries of the shopper alerts (docs/product.md, Shopper alerts). The opt-in columns live on
 * `users` but only this module reads or writes them.
 */
export function alertRepository(db: Executor) {
  return {
    // --- opt-ins -----------------------------------------------------------------------------
    async preferences(userId: number) {
      const row = await db
        .selectFrom('users')
        .select(['email', 'wishlist_alert_emails', 'cart_reminder_emails'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row;
    },

    async setPreferences(userId: number, values: { wishlist: boolean; cart: boolean }, at: string): Promise<void> {
      await db
        .updateTable('users')
        .set({
          wishlist_alert_emails: values.wishlist ? 1 : 0,
          cart_reminder_emails: values.cart ? 1 : 0,
          updated_at: at,
        })
        .where('id', '=', userId)
        .execute();
    },

    async stop(userId: number, list: AlertList, at: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ [LIST_COLUMN[list]]: 0, updated_at: at })
        .where('id', '=', userId)
        .execute();
    },

    // --- what was sent -----------------------------------------------------------------------
    /** The alert rows of these users since `since` (for "once" and the daily limit). */
    sendsSince(userIds: readonly number[], since: string) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('alert_sends')
        .select(['user_id', 'product_id', 'kind', 'sent_at'])
        .where('user_id', 'in', [...userIds])
        .where('sent_at', '>=', since)
        .execute();
    },

    async recordSends(rows: { user_id: number; product_id: number | null; kind: AlertKind; sent_at: string }[]) {
      if (rows.length === 0) return;
      await db.insertInto('alert_sends').values(rows).execute();
    },

    // --- price drops -------------------------------------------------------------------------
    /** Wishlist entries whose product's price differs from the one last seen (or none seen yet). */
    wishlistPriceChanges(limit: number) {
      return db
        .selectFrom('wishlist_items as w')
        .innerJoin('products as p', 'p.id', 'w.product_id')
        .innerJoin('users as u', 'u.id', 'w.user_id')
        .select([
          'w.id',
          'w.user_id',
          'w.product_id',
          'w.alert_price_cents',
          'p.price_cents',
          'u.email',
          'u.language',
          'u.wishlist_alert_emails',
          'u.email_verified_at',
        ])
        .where((eb) =>
          eb.or([eb('w.alert_price_cents', 'is', null), eb('w.alert_price_cents', '<>', eb.ref('p.price_cents'))]),
        )
        .orderBy('w.id')
        .limit(limit)
        .execute();
    },

    /** Moves an entry's last-seen price, only if it is still `from` (false: another instance did). */
    async moveSeenPrice(id: number, from: number | null, to: number): Promise<boolean> {
      let q = db.updateTable('wishlist_items').set({ alert_price_cents: to }).where('id', '=', id);
      q = from === null ? q.where('alert_price_cents', 'is', null) : q.where('alert_price_cents', '=', from);
      const result = await q.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    // --- back on sale ------------------------------------------------------------------------
    async cursor(name: string): Promise<number> {
      const row = await db.selectFrom('alert_cursors').select('last_id').where('name', '=', name).executeTakeFirst();
      if (row) return Number(row.last_id);
      await db
        .insertInto('alert_cursors')
        .values({ name, last_id: 0 })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return 0;
    },

    /** Moves the cursor from `from` to `to`; false when another instance moved it first. */
    async advanceCursor(name: string, from: number, to: number): Promise<boolean> {
      const result = await db
        .updateTable('alert_cursors')
        .set({ last_id: to })
        .where('name', '=', name)
        .where('last_id', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Stock movements after `afterId`, with the customer whose order or offer made each. */
    movementsAfter(afterId: number, limit: number) {
      return db
        .selectFrom('stock_movements as m')
        .leftJoin('orders as o', 'o.id', 'm.order_id')
        .leftJoin('price_offers as f', 'f.id', 'm.offer_id')
        .select(['m.id', 'm.product_id', 'm.reason', 'o.user_id as order_user_id', 'f.user_id as offer_user_id'])
        .where('m.id', '>', afterId)
        .orderBy('m.id')
        .limit(limit)
        .execute();
    },

    /** Opted-in, verified customers who wished for or carted these products. */
    async interestedIn(productIds: readonly number[]) {
      if (productIds.length === 0) return [];
      const ids = [...productIds];
      const [wished, carted] = await Promise.all([
        db
          .selectFrom('wishlist_items as w')
          .innerJoin('users as u', 'u.id', 'w.user_id')
          .select(['u.id as user_id', 'u.email', 'u.language', 'w.product_id'])
          .where('w.product_id', 'in', ids)
          .where('u.wishlist_alert_emails', '=', 1)
          .where('u.email_verified_at', 'is not', null)
          .execute(),
        db
          .selectFrom('cart_items as c')
          .innerJoin('users as u', 'u.id', 'c.user_id')
          .select(['u.id as user_id', 'u.email', 'u.language', 'c.product_id'])
          .where('c.product_id', 'in', ids)
          .where('u.wishlist_alert_emails', '=', 1)
          .where('u.email_verified_at', 'is not', null)
          .execute(),
      ]);
      return [...wished, ...carted];
    },

    // --- cart reminders ----------------------------------------------------------------------
    /** Opted-in customers whose cart last changed before `before` and was not reminded since. */
    staleCarts(before: string, limit: number) {
      return db
        .selectFrom('cart_items as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.user_id', 'u.email', 'u.language', (eb) => eb.fn.max('c.updated_at').as('changed_at')])
        .where('u.cart_reminder_emails', '=', 1)
        .where('u.email_verified_at', 'is not', null)
        .groupBy(['c.user_id', 'u.email', 'u.language', 'u.cart_reminded_at'])
        .having((eb) => eb.fn.max('c.updated_at'), '<=', before)
        .having((eb) =>
          eb.or([eb('u.cart_reminded_at', 'is', null), eb('u.cart_reminded_at', '<', eb.fn.max('c.updated_at'))]),
        )
        .orderBy('c.user_id')
        .limit(limit)
        .execute();
    },

    /** Claims the reminder of a cart that changed at `changedAt`; false when it was already claimed. */
    async claimCartReminder(userId: number, changedAt: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ cart_reminded_at: at })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('cart_reminded_at', 'is', null), eb('cart_reminded_at', '<', changedAt)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    cartLines(userId: number) {
      return db
        .selectFrom('cart_items')
        .select(['product_id', 'quantity'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },
  };
}
