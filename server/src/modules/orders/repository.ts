import type { Executor } from '../../db/database.js';
import { dialectOf } from '../../db/database.js';
import { fixedQuery } from '../../db/fixed-query.js';
import type { DB, Order, OrderStatus, OrdersTable, PaymentStatus, RefundsTable } from '../../db/schema.js';
import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import { nameTheShopMayUse } from './visibility.js';
import { asLanguage, type Language } from '../../lib/language.js';

/**
 * Which orders a customer's own calls see: all their online orders, and the orders the shop made
 * for them (manual orders, `sales_channel` set) only once the account's e-mail address is
 * verified, or on an account the shop made itself (no password: nobody signs in to it before
 * "Forgot password" verifies the address), or to the phone-only customer who claimed the account
 * by the link texted to the order's phone. Someone who registered a buyer's address without proving it is theirs must not see
 * (or cancel, or pay-on-delivery) the order the shop took for that buyer, nor its phone number.
 */
function visibleToCustomer(eb: ExpressionBuilder<DB, 'orders'>) {
  return eb.or([
    eb('orders.sales_channel', 'is', null),
    eb.exists(
      eb
        .selectFrom('users as owner')
        .select('owner.id')
        .whereRef('owner.id', '=', 'orders.user_id')
        .where((owner) =>
          owner.or([
            owner('owner.email_verified_at', 'is not', null),
            owner('owner.password_hash', 'is', null),
            // a customer the shop knew only by phone who took the account over with the link texted
            // to that phone (docs/product.md section 13): the order's phone is the one they proved
            owner.and([
              owner('owner.phone_verified_at', 'is not', null),
              owner('owner.phone', 'is not', null),
              owner('owner.phone', '=', owner.ref('orders.shipping_phone')),
            ]),
          ]),
        ),
    ),
  ]);
}

export interface HistoryEntry {
  order_id: number;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  actor: 'customer' | 'admin' | 'system' | 'payment';
  actor_user_id?: number | null;
  note?: string | null;
  /** the lifecycle move that made the entry */
  move: string;
  created_at: string;
}

/** An order of one item (a rush for one piece: every shopper's order) reads it with a query compiled once. */
const productForOrder = fixedQuery(
  (db, id: number) =>
    db
      .selectFrom('products')
      .select(['id', 'name', 'price_cents', 'stock_quantity', 'held_quantity'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where('status', '=', 'published'),
  1,
);

// Placing an order reads and writes these on every order: compiled once (db/fixed-query.ts).

const customerRowLocked = fixedQuery(
  (db, userId: number) => db.selectFrom('users').select('id').where('id', '=', userId).forUpdate(),
  1,
);

const unpaidHoldsOf = fixedQuery(
  (db, userId: number, at: string) =>
    db
      .selectFrom('orders')
      .leftJoin('order_items', 'order_items.order_id', 'orders.id')
      .select((eb) => [
        eb.fn.count<number>('orders.id').distinct().as('orders'),
        eb.fn.coalesce(eb.fn.sum<number>('order_items.quantity'), eb.lit(0)).as('items'),
      ])
      .where('orders.user_id', '=', userId)
      .where('orders.order_status', '=', 'pending')
      .where('orders.payment_status', 'in', ['unpaid', 'pending', 'failed'])
      .where('orders.stock_released_at', 'is', null)
      .where('orders.reserved_until', '>=', at),
  2,
);

const welcomeClaimOf = fixedQuery(
  (db, userId: number) => db.selectFrom('orders').select('id').where('welcome_claim_user_id', '=', userId).limit(1),
  1,
);

const paymentStatusesOfCustomer = fixedQuery(
  (db, userId: number) => db.selectFrom('orders').select('payment_status').distinct().where('user_id', '=', userId),
  1,
);

const historyInsert = fixedQuery(
  (
    db,
    orderId: number,
    from: OrderStatus | null,
    to: OrderStatus,
    actor: string,
    actorUserId: number | null,
    note: string | null,
    move: string,
    at: string,
  ) =>
    db.insertInto('order_history').values({
      order_id: orderId,
      from_status: from,
      to_status: to,
      actor,
      actor_user_id: actorUserId,
      note,
      move,
      created_at: at,
    }),
  8,
);

/** Orders, their lines, history and refunds (reads and inserts; status changes are the lifecycle's). */
export function ordersRepository(db: Executor) {
  return {
    /**
     * The move's UPDATE: only if the order is still in the status and payment status it was read
     * in (and, for a move that releases stock, not released yet); undefined when it was not.
     */
    moveOrder(
      order: Pick<Order, 'id' | 'order_status' | 'payment_status'>,
      changes: Updateable<OrdersTable>,
      options: { unreleased: boolean },
    ) {
      let update = db
        .updateTable('orders')
        .set(changes)
        .where('id', '=', order.id)
        .where('order_status', '=', order.order_status)
        .where('payment_status', '=', order.payment_status);
      if (options.unreleased) update = update.where('stock_released_at', 'is', null);
      return update.returningAll().executeTakeFirst();
    },

    /** PostgreSQL: locks the customer's row until the transaction ends (SQLite runs one writer anyway). */
    async lockCustomer(userId: number): Promise<void> {
      if (dialectOf(db) !== 'postgres') return;
      await customerRowLocked(db, userId);
    },

    /** The customer's account language (English when the account is gone). */
    async customerLanguage(userId: number): Promise<Language> {
      const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
      return asLanguage(row?.language);
    },

    findById(id: number) {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findOwned(id: number, userId: number) {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where(visibleToCustomer)
        .executeTakeFirst();
    },

    /**
     * Extends a held order's reservation once, conditionally: the sweeper may be cancelling this
     * very order right now. Undefined when it no longer can be.
     */
    extendReservation(id: number, until: string, at: string) {
      return db
        .updateTable('orders')
        .set({ reserved_until: until, reservation_extended_at: at, updated_at: at })
        .where('id', '=', id)
        .where('order_status', '=', 'pending')
        .where('stock_released_at', 'is', null)
        .where('reservation_extended_at', 'is', null)
        .where('reserved_until', '>=', at)
        .returningAll()
        .executeTakeFirst();
    },

    reservationsOf(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('orders').select(['id', 'reserved_until']).where('id', 'in', ids).execute();
    },

    listForUser(userId: number) {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where(visibleToCustomer)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The payment statuses of the customer's orders so far (the first-order offer looks at them). */
    async paymentStatusesOf(userId: number): Promise<PaymentStatus[]> {
      const rows = await paymentStatusesOfCustomer(db, userId);
      return rows.map((r) => r.payment_status);
    },

    /** Live products with the given ids, for pricing and stock messages. */
    productsForOrder(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      if (ids.length === 1) return productForOrder(db, ids[0]!);
      return db
        .selectFrom('products')
        .select(['id', 'name', 'price_cents', 'stock_quantity', 'held_quantity'])
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .where('status', '=', 'published')
        .execute();
    },

    /** A page of all orders, newest first, optionally of one status, with the total count. */
    async page(filter: { status?: OrderStatus; limit: number; offset: number }) {
      let base = db.selectFrom('orders');
      if (filter.status) base = base.where('order_status', '=', filter.status);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /**
     * The to-ship queue: orders paid (or confirmed to be paid on delivery) and not yet shipped,
     * i.e. processing, oldest first, with the total count.
     */
    async toShipPage(filter: { limit: number; offset: number }) {
      const base = db.selectFrom('orders').where('order_status', '=', 'processing');
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'asc')
          .orderBy('id', 'asc')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Pending orders whose reservation ran out and whose stock is still held. */
    expiredCandidates(at: string, limit: number) {
      return db
        .selectFrom('orders')
        .select('id')
        .where('order_status', '=', 'pending')
        .where('payment_status', 'in', ['unpaid', 'pending', 'failed'])
        .where('reserved_until', '<', at)
        .where('stock_released_at', 'is', null)
        .orderBy('reserved_until')
        .limit(limit)
        .execute();
    },

    /** The customer's unpaid orders that still hold items, and how many items they hold. */
    async unpaidHolds(userId: number, at: string): Promise<{ orders: number; items: number }> {
      const [row] = await unpaidHoldsOf(db, userId, at);
      return { orders: Number(row!.orders), items: Number(row!.items) };
    },

    /** The id of the customer's order that holds the first-order offer, if one does. */
    async offerHolder(userId: number): Promise<number | undefined> {
      const [row] = await welcomeClaimOf(db, userId);
      return row?.id;
    },

    /**
     * The pay-on-delivery orders not yet delivered or cancelled of the customer and of every
     * account that ever verified one of `phones` (the customer's verified phones): the limit
     * counts per phone, not per account.
     */
    async openPayOnDelivery(userId: number, phones: string[] = []): Promise<{ id: number; user_id: number | null }[]> {
      return db
        .selectFrom('orders')
        .select(['id', 'user_id'])
        .where((eb) =>
          phones.length === 0
            ? eb('user_id', '=', userId)
            : eb.or([
                eb('user_id', '=', userId),
                eb(
                  'user_id',
                  'in',
                  eb
                    .selectFrom('phone_verifications')
                    .select('user_id')
                    .where('phone', 'in', phones)
                    .where('verified_at', 'is not', null),
                ),
              ]),
        )
        .where('payment_method', '=', 'pay_on_delivery')
        .where('order_status', 'in', ['processing', 'shipped'])
        .orderBy('id')
        .execute();
    },

    /** The customer's verified phone numbers. */
    async verifiedPhones(userId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('phone_verifications')
        .select('phone')
        .distinct()
        .where('user_id', '=', userId)
        .where('verified_at', 'is not', null)
        .execute();
      return rows.map((v) => v.phone);
    },

    /** PostgreSQL: one decision per phone at a time, across accounts, until the transaction ends. */
    async lockPhones(phones: string[]): Promise<void> {
      if (dialectOf(db) !== 'postgres') return;
      for (const phone of [...phones].sort()) {
        await sql`select pg_advisory_xact_lock(hashtext(${`pod:${phone}`}))`.execute(db);
      }
    },

    /** Whether the customer verified their phone or has received an order before. */
    async payOnDeliveryTrust(userId: number): Promise<boolean> {
      const [user, delivered] = await Promise.all([
        db.selectFrom('users').select('phone_verified_at').where('id', '=', userId).executeTakeFirst(),
        db
          .selectFrom('orders')
          .select('id')
          .where('user_id', '=', userId)
          .where('order_status', '=', 'delivered')
          .limit(1)
          .executeTakeFirst(),
      ]);
      return (user?.phone_verified_at ?? null) !== null || delivered !== undefined;
    },

    async insertRefund(values: Insertable<RefundsTable>): Promise<void> {
      await db.insertInto('refunds').values(values).execute();
    },

    refundsOf(orderIds: number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('refunds')
        .selectAll()
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('id')
        .execute();
    },

    async insertOrder(values: Insertable<OrdersTable>) {
      return db.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async insertItems(
      items: {
        order_id: number;
        product_id: number;
        product_name: string;
        product_image_key: string | null;
        unit_price_cents: number;
        quantity: number;
      }[],
    ): Promise<void> {
      if (items.length === 0) return;
      await db.insertInto('order_items').values(items).execute();
    },

    async addHistory(entry: HistoryEntry): Promise<void> {
      await historyInsert(
        db,
        entry.order_id,
        entry.from_status,
        entry.to_status,
        entry.actor,
        entry.actor_user_id ?? null,
        entry.note ?? null,
        entry.move,
        entry.created_at,
      );
    },

    itemsOf(orderIds: number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      // the item's size, for the packing slip (null once the product is gone)
      return db
        .selectFrom('order_items')
        .leftJoin('products', 'products.id', 'order_items.product_id')
        .selectAll('order_items')
        .select('products.size as product_size')
        .where('order_items.order_id', 'in', orderIds)
        .orderBy('order_items.order_id')
        .orderBy('order_items.id')
        .execute();
    },

    historyOf(orderIds: number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('order_history')
        .selectAll()
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** The latest history entry of an order: tells why a cancelled order was cancelled. */
    lastHistory(orderId: number) {
      return db
        .selectFrom('order_history')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    paymentsOf(orderId: number) {
      return db
        .selectFrom('payments')
        .select(['reference', 'provider', 'status', 'amount_cents', 'method', 'created_at'])
        .where('order_id', '=', orderId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    usersByIds(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute();
    },

    /** The customer an order's mail goes to; an unproven self-chosen name is not used (see nameTheShopMayUse). */
    async findUser(id: number) {
      const user = await db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'email_verified_at', 'password_hash'])
        .where('id', '=', id)
        .executeTakeFirst();
      return user && { id: user.id, name: nameTheShopMayUse(user) ?? 'there', email: user.email };
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
