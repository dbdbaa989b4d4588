import { WAITING_OFFER_STATUSES, type PriceOfferStatus } from '@mtumba/contract/price-offers';
import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import { dialectOf } from '../../db/database.js';
import { fixedQuery } from '../../db/fixed-query.js';
import type { PriceOffer, PriceOffersTable } from '../../db/schema.js';

/** An offer with its item's name. */
export type OfferRow = PriceOffer & { product_name: string };

/** How many units the customer's accepted offers hold (every order placed asks): compiled once. */
const heldCountOf = fixedQuery(
  (db, userId: number, at: string) =>
    db
      .selectFrom('price_offers')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'accepted')
      .where('hold_until', '>', at),
  2,
);

/** Price offers (the module owns `price_offers`), and what offers read of products and customers. */
export function offersRepository(db: Executor) {
  const withName = () =>
    db
      .selectFrom('price_offers as o')
      .innerJoin('products as p', 'p.id', 'o.product_id')
      .selectAll('o')
      .select('p.name as product_name');

  return {
    findRow(id: number): Promise<OfferRow | undefined> {
      return withName().where('o.id', '=', id).executeTakeFirst();
    },

    /** The customer's offers on published items, newest first. */
    listMine(userId: number, limit: number): Promise<OfferRow[]> {
      return withName()
        .where('o.user_id', '=', userId)
        .where('p.status', '=', 'published')
        .orderBy('o.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** A page of offers (optionally of one status), the count, and how many wait for the shop. */
    async page(filter: { status?: PriceOfferStatus; limit: number; offset: number }) {
      let page = withName();
      let base = db.selectFrom('price_offers as o');
      if (filter.status) {
        page = page.where('o.status', '=', filter.status);
        base = base.where('o.status', '=', filter.status);
      }
      const [rows, total, waiting] = await Promise.all([
        page.orderBy('o.id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
        base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
        db
          .selectFrom('price_offers')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('status', '=', 'open')
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n), waiting: Number(waiting.n) };
    },

    insert(values: Insertable<PriceOffersTable>): Promise<PriceOffer> {
      return db.insertInto('price_offers').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /**
     * An offer move's UPDATE: only if the offer is still in the status and round it was read in
     * (and, with `heldUntil`, its hold ended by then); undefined when it was not.
     */
    move(
      offer: Pick<PriceOffer, 'id' | 'status' | 'rounds'>,
      changes: Updateable<PriceOffersTable>,
      heldUntil?: string,
    ): Promise<PriceOffer | undefined> {
      let update = db
        .updateTable('price_offers')
        .set(changes)
        .where('id', '=', offer.id)
        .where('status', '=', offer.status)
        .where('rounds', '=', offer.rounds);
      if (heldUntil !== undefined) update = update.where('hold_until', '<=', heldUntil);
      return update.returningAll().executeTakeFirst();
    },

    /** `hold_to_order`: the customer's hold, still accepted and in time, becomes the order's. */
    async takeHold(
      hold: { offerId: number; productId: number },
      customerId: number,
      orderId: number,
      at: string,
    ): Promise<boolean> {
      const taken = await db
        .updateTable('price_offers')
        .set({ status: 'ordered', order_id: orderId, updated_at: at })
        .where('id', '=', hold.offerId)
        .where('user_id', '=', customerId)
        .where('product_id', '=', hold.productId)
        .where('status', '=', 'accepted')
        .where('hold_until', '>', at)
        .returning('id')
        .executeTakeFirst();
      return taken !== undefined;
    },

    /** The customer's live holds (accepted, time not up). */
    activeHolds(userId: number, at: string) {
      return db
        .selectFrom('price_offers')
        .select(['id', 'product_id', 'agreed_cents', 'hold_until'])
        .where('user_id', '=', userId)
        .where('status', '=', 'accepted')
        .where('hold_until', '>', at)
        .execute();
    },

    async heldCount(userId: number, at: string): Promise<number> {
      const [row] = await heldCountOf(db, userId, at);
      return Number(row!.n);
    },

    /** Holds whose time is up, oldest first. */
    dueHolds(at: string, limit: number) {
      return db
        .selectFrom('price_offers')
        .select('id')
        .where('status', '=', 'accepted')
        .where('hold_until', '<=', at)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** The customer's offer on the item that is still in play (open, countered or accepted). */
    liveOn(userId: number, productId: number) {
      return db
        .selectFrom('price_offers')
        .select(['id', 'status'])
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .where('status', 'in', ['open', 'countered', 'accepted'])
        .executeTakeFirst();
    },

    /** Whether an order already took an agreed price on this item for the customer. */
    async agreedPriceUsed(userId: number, productId: number): Promise<boolean> {
      const row = await db
        .selectFrom('price_offers')
        .select('id')
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .where('status', '=', 'ordered')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** When the customer's last hold on the item ran out unused, if after `since`. */
    async lapsedSince(userId: number, productId: number, since: string): Promise<string | null> {
      const row = await db
        .selectFrom('price_offers')
        .select((eb) => eb.fn.max('updated_at').as('at'))
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .where('status', '=', 'expired')
        .where('updated_at', '>', since)
        .executeTakeFirst();
      return row?.at ?? null;
    },

    /** How many of the customer's offers wait for an answer. */
    async waitingCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('price_offers')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .where('status', 'in', [...WAITING_OFFER_STATUSES])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The published item an offer is made on. */
    offerableProduct(productId: number) {
      return db
        .selectFrom('products')
        .select(['id', 'name', 'price_cents', 'stock_quantity', 'held_quantity', 'negotiable'])
        .where('id', '=', productId)
        .where('deleted_at', 'is', null)
        .where('status', '=', 'published')
        .executeTakeFirst();
    },

    async isPublished(productId: number): Promise<boolean> {
      const row = await db
        .selectFrom('products')
        .select('id')
        .where('id', '=', productId)
        .where('status', '=', 'published')
        .executeTakeFirst();
      return row !== undefined;
    },

    async productName(productId: number): Promise<string | undefined> {
      const row = await db.selectFrom('products').select('name').where('id', '=', productId).executeTakeFirst();
      return row?.name;
    },

    customer(userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'language'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    customers(userIds: number[]) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', userIds).execute();
    },

    /** PostgreSQL: one decision per customer at a time (SQLite runs one writer anyway). */
    async lockCustomer(userId: number): Promise<void> {
      if (dialectOf(db) !== 'postgres') return;
      await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },
  };
}
