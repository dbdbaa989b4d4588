import { centsToAmount, formatKshCents } from '@mtumba/contract';
import {
  OFFER_MESSAGES,
  WAITING_OFFER_STATUSES,
  decideOffer,
  waitingFor,
  type AdminPriceOfferJson,
  type OfferRules,
  type PriceOfferJson,
  type PriceOfferStatus,
} from '@mtumba/contract/price-offers';
import type { Updateable } from 'kysely';
import type { Db, Executor, Trx } from '../../db/database.js';
import { dialectOf, isUniqueViolation, now } from '../../db/database.js';
import type { PriceOffer, PriceOffersTable } from '../../db/schema.js';
import { DomainError, invalidField, notFound } from '../../lib/errors.js';
import type { PendingEvent } from '../../lib/events.js';
import { firstImageKeys } from '../catalog/product-view.js';
import { PRODUCT_NOT_FOUND } from '../catalog/service.js';
import { imageUrl } from '../catalog/images.js';
import { holdUnit, releaseHeldUnit, type Actor } from '../stock/ledger.js';
import { heldOfferCount, tooManyHeldItems } from './holds.js';
import { mailOfferAnswer, type OfferMailShop } from './emails.js';

/**
 * Price offers (docs/product.md, Make an offer; docs/architecture.md, Make an offer). Every change
 * is a conditional UPDATE on the offer's status (and round), in one transaction with the stock
 * ledger's hold, the cart line, the e-mail and the events returned for after the commit.
 */

export interface OfferSettings extends OfferRules {
  allItems: boolean;
  holdHours: number;
  maxOpen: number;
  /** items one customer's accepted offers may hold at once (config OFFER_MAX_HELD) */
  maxHeld?: number;
  /** hours before a customer may offer again on an item whose hold ran out unused (OFFER_COOLDOWN_HOURS) */
  cooldownHours?: number;
}

/**
 * What a hold needs of the modules around offers, given by the accept-offer flow: the units the
 * customer's unpaid orders hold (the orders module) and putting the held item in the cart (the
 * cart module). Offers import neither.
 */
export interface OfferHoldHooks {
  unpaidHeldItems(trx: Trx, customerId: number, at: string): Promise<number>;
  putInCart(trx: Trx, customerId: number, productId: number): Promise<void>;
}

export interface OfferDeps {
  settings: OfferSettings;
  shop: OfferMailShop;
  /** needed to accept an offer (only the hold sweeper runs without) */
  holds?: OfferHoldHooks;
  /** the customer's held items in all, unpaid orders' units and accepted offers' together (ORDER_MAX_RESERVED_ITEMS) */
  maxReservedItems?: number;
}

/** Refusals of the hold limits (docs/security.md, Stock holds and offers); each says what to do. */
export const HOLD_MESSAGES = {
  tooManyHeld: (max: number) =>
    `You already hold ${max} items at agreed prices, the most at one time. Please order one of them first; until then the shop cannot hold another item for you.`,
  customerHoldsTooMany: (max: number) =>
    `This customer already holds ${max} items at agreed prices, the most at one time. Counter or decline instead, or accept once they have ordered one.`,
  customerHoldsTooManyItems: (max: number) =>
    `This customer’s unpaid orders and reserved offers already hold ${max} items, the most at one time. Counter or decline instead, or accept once they have paid or ordered.`,
  agreedPriceUsed:
    'You have already bought this item at an agreed price; an agreed price is used once. More of it sell at the price shown: add it to your cart.',
  coolingDown: (until: string) =>
    `Your reserved price on this item ended without an order. You can make a new offer on it from ${new Date(until).toUTCString()}.`,
};

interface Person {
  id: number;
  name: string;
  email: string;
}

export type OfferResult<T> = { value: T; message: string; events: PendingEvent[] };

type OfferRow = PriceOffer & { product_name: string };

const CHANGED_MEANWHILE = 'This offer was just answered. Please reload it.';

function offerQuery(db: Executor) {
  return db
    .selectFrom('price_offers as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .selectAll('o')
    .select('p.name as product_name');
}

async function toJson(db: Executor, rows: OfferRow[], maxRounds: number): Promise<PriceOfferJson[]> {
  const keys = await firstImageKeys(db, [...new Set(rows.map((r) => r.product_id))]);
  return rows.map((r) => {
    const key = keys.get(r.product_id);
    return {
      id: r.id,
      product_id: r.product_id,
      product_name: r.product_name,
      image_url: key ? imageUrl(key) : null,
      status: r.status,
      list_price: centsToAmount(r.list_price_cents),
      offer_price: centsToAmount(r.offer_cents),
      counter_price: r.counter_cents === null ? null : centsToAmount(r.counter_cents),
      agreed_price: r.agreed_cents === null ? null : centsToAmount(r.agreed_cents),
      rounds: r.rounds,
      max_rounds: maxRounds,
      waiting_for: waitingFor(r.status),
      note: r.note,
      hold_until: r.hold_until,
      order_id: r.order_id,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
}

function changedEvent(o: Pick<PriceOffer, 'id' | 'status' | 'updated_at'>): PendingEvent {
  return { name: 'offer.changed', payload: { id: o.id, status: o.status, updated_at: o.updated_at } };
}

function customerEvent(o: PriceOffer, message: string): PendingEvent {
  return {
    name: 'offer.updated',
    payload: {
      userId: o.user_id,
      id: o.id,
      product_id: o.product_id,
      status: o.status,
      message,
      updated_at: o.updated_at,
    },
  };
}

export function offersService(db: Db, deps: OfferDeps) {
  const { settings, shop } = deps;
  const maxHeld = settings.maxHeld ?? 3;
  const cooldownHours = settings.cooldownHours ?? 24;
  const maxReservedItems = deps.maxReservedItems ?? 10;
  const holdHooks = () => {
    if (!deps.holds) throw new Error('Accepting an offer needs the hold hooks (the accept-offer flow gives them).');
    return deps.holds;
  };

  /**
   * Before an offer holds a unit: the customer's accepted offers may hold at most `maxHeld` items,
   * and those with the units of their unpaid orders at most `maxReservedItems`. On PostgreSQL the
   * customer's row is locked first (as order placement does), so two instances accepting at once
   * for one customer cannot both slip under the limit.
   */
  async function checkHoldLimits(trx: Trx, customerId: number, at: string, byShop: boolean): Promise<void> {
    if (dialectOf(trx) === 'postgres') {
      await trx.selectFrom('users').select('id').where('id', '=', customerId).forUpdate().execute();
    }
    const held = await heldOfferCount(trx, customerId, at);
    if (held >= maxHeld) {
      throw new DomainError(
        'invalid',
        byShop ? HOLD_MESSAGES.customerHoldsTooMany(maxHeld) : HOLD_MESSAGES.tooManyHeld(maxHeld),
      );
    }
    const unpaid = await holdHooks().unpaidHeldItems(trx, customerId, at);
    if (held + unpaid + 1 > maxReservedItems) {
      throw new DomainError(
        'invalid',
        byShop ? HOLD_MESSAGES.customerHoldsTooManyItems(maxReservedItems) : tooManyHeldItems(maxReservedItems),
      );
    }
  }

  async function loadRow(executor: Executor, id: number): Promise<OfferRow | undefined> {
    return offerQuery(executor).where('o.id', '=', id).executeTakeFirst();
  }

  async function one(executor: Executor, id: number): Promise<PriceOfferJson> {
    const row = await loadRow(executor, id);
    if (!row) throw notFound(OFFER_MESSAGES.notFound);
    return (await toJson(executor, [row], settings.maxRounds))[0]!;
  }

  async function adminOne(executor: Executor, id: number): Promise<AdminPriceOfferJson> {
    const [found] = await adminJson(executor, await offerQuery(executor).where('o.id', '=', id).execute());
    if (!found) throw notFound(OFFER_MESSAGES.notFound);
    return found;
  }

  async function adminJson(executor: Executor, rows: OfferRow[]): Promise<AdminPriceOfferJson[]> {
    const userIds = [...new Set(rows.map((r) => r.user_id))];
    const users = userIds.length
      ? await executor.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', userIds).execute()
      : [];
    const byId = new Map(users.map((u) => [u.id, u]));
    const json = await toJson(executor, rows, settings.maxRounds);
    return json.map((o, i) => ({
      ...o,
      customer: byId.get(rows[i]!.user_id) ?? { id: rows[i]!.user_id, name: 'Deleted customer', email: '' },
    }));
  }

  /**
   * Moves an offer from the status it was read in, only if nobody changed it meanwhile (same
   * status and round); a lost race is a 409.
   */
  async function move(trx: Trx, offer: PriceOffer, changes: Updateable<PriceOffersTable>): Promise<PriceOffer> {
    const moved = await trx
      .updateTable('price_offers')
      .set({ ...changes, updated_at: changes.updated_at ?? now() })
      .where('id', '=', offer.id)
      .where('status', '=', offer.status)
      .where('rounds', '=', offer.rounds)
      .returningAll()
      .executeTakeFirst();
    if (!moved) throw new DomainError('conflict', CHANGED_MEANWHILE);
    return moved;
  }

  /**
   * The `hold` move: the offer is accepted at `priceCents`, one unit comes off the shelf for the
   * customer (none left: 409, nothing changes), and the item goes into their cart.
   */
  async function accept(
    trx: Trx,
    offer: PriceOffer,
    priceCents: number,
    by: Actor,
    lastBy: string,
  ): Promise<PriceOffer> {
    const at = now();
    await checkHoldLimits(trx, offer.user_id, at, by.actor === 'admin');
    const holdUntil = new Date(Date.parse(at) + settings.holdHours * 3600_000).toISOString();
    const accepted = await move(trx, offer, {
      status: 'accepted',
      agreed_cents: priceCents,
      hold_until: holdUntil,
      last_by: lastBy,
      updated_at: at,
    });
    if (!(await holdUnit(trx, offer.id, offer.product_id, by, at))) {
      throw new DomainError('conflict', OFFER_MESSAGES.heldElsewhere);
    }
    await holdHooks().putInCart(trx, offer.user_id, offer.product_id);
    return accepted;
  }

  async function customerOf(executor: Executor, userId: number) {
    return executor.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', userId).executeTakeFirst();
  }

  async function acceptedMail(trx: Trx, offer: PriceOffer, productName: string, who: Person | undefined) {
    if (!who) return;
    await mailOfferAnswer(
      trx,
      shop,
      who,
      { id: offer.id, productName, priceCents: offer.agreed_cents },
      {
        subject: `Your offer on ${productName} is accepted`,
        sentence: `${productName} is reserved for you at ${formatKshCents(offer.agreed_cents ?? 0)} until ${new Date(
          offer.hold_until ?? now(),
        ).toUTCString()}. It is in your cart: place your order before then to keep this price.`,
      },
    );
  }

  function rulesFor(listPriceCents: number): OfferRules & { listPriceCents: number } {
    return { ...settings, listPriceCents };
  }

  /**
   * The customer's own offer. With `onSale`, only while its item is published: an item taken back
   * to draft or scheduled is hidden from My offers, and its offer cannot be taken up meanwhile.
   */
  async function ownOffer(trx: Trx, customerId: number, offerId: number, onSale = false): Promise<OfferRow> {
    const row = await loadRow(trx, offerId);
    if (!row || row.user_id !== customerId) throw notFound(OFFER_MESSAGES.notFound);
    if (onSale) {
      const live = await trx
        .selectFrom('products')
        .select('id')
        .where('id', '=', row.product_id)
        .where('status', '=', 'published')
        .executeTakeFirst();
      if (!live) throw notFound(OFFER_MESSAGES.notFound);
    }
    return row;
  }

  async function anyOffer(trx: Trx, offerId: number): Promise<OfferRow> {
    const row = await loadRow(trx, offerId);
    if (!row) throw notFound(OFFER_MESSAGES.notFound);
    return row;
  }

  function closedOrTurn(row: PriceOffer, expected: PriceOfferStatus): DomainError | undefined {
    if (row.status === expected) return undefined;
    if (WAITING_OFFER_STATUSES.includes(row.status)) return new DomainError('invalid', OFFER_MESSAGES.notYourTurn);
    return new DomainError('invalid', OFFER_MESSAGES.closed);
  }

  /**
   * One of the shop's answers to an open offer, in one transaction: `answer` moves the offer and
   * says what to tell the admin (`message`) and the customer (`sentence`).
   */
  function answerOpenOffer(
    offerId: number,
    answer: (trx: Trx, row: OfferRow) => Promise<{ moved: PriceOffer; message: string; sentence: string }>,
  ): Promise<OfferResult<AdminPriceOfferJson>> {
    return db.transaction().execute(async (trx) => {
      const row = await anyOffer(trx, offerId);
      const refusal = closedOrTurn(row, 'open');
      if (refusal) throw refusal;
      const { moved, message, sentence } = await answer(trx, row);
      return {
        value: await adminOne(trx, moved.id),
        message,
        events: [changedEvent(moved), customerEvent(moved, sentence)],
      };
    });
  }

  /** Mails the shop's decline or counter (`priceCents`) to the customer, when they still exist. */
  async function mailShopAnswer(
    trx: Trx,
    row: OfferRow,
    priceCents: number | null,
    words: { subject: string; sentence: string; note: string | null },
  ): Promise<void> {
    const customer = await customerOf(trx, row.user_id);
    if (customer) {
      await mailOfferAnswer(trx, shop, customer, { id: row.id, productName: row.product_name, priceCents }, words);
    }
  }

  return {
    /**
     * A customer's offer on an item: accepted at once (and held) at or above the auto-accept
     * share, declined at once below the floor, otherwise open for the shop.
     */
    async makeOffer(
      customer: Person,
      productId: number,
      offerCents: number,
    ): Promise<OfferResult<PriceOfferJson> & { status: 'accepted' | 'declined' | 'open' }> {
      try {
        return await db.transaction().execute(async (trx) => {
          // One decision per customer at a time (the limits); SQLite runs one writer anyway.
          if (dialectOf(trx) === 'postgres') {
            await trx.selectFrom('users').select('id').where('id', '=', customer.id).forUpdate().execute();
          }
          const product = await trx
            .selectFrom('products')
            .select(['id', 'name', 'price_cents', 'stock_quantity', 'held_quantity', 'negotiable'])
            .where('id', '=', productId)
            .where('deleted_at', 'is', null)
            // drafts and scheduled items answer exactly like a missing one: no hold, price or name before the drop
            .where('status', '=', 'published')
            .executeTakeFirst();
          if (!product) throw notFound(PRODUCT_NOT_FOUND);
          if (!settings.allItems && product.negotiable !== 1) {
            throw new DomainError('invalid', OFFER_MESSAGES.notNegotiable);
          }
          const live = await trx
            .selectFrom('price_offers')
            .select(['id', 'status'])
            .where('user_id', '=', customer.id)
            .where('product_id', '=', productId)
            .where('status', 'in', ['open', 'countered', 'accepted'])
            .executeTakeFirst();
          if (live) throw new DomainError('invalid', OFFER_MESSAGES.alreadyLive);
          // An agreed price is used once: after an order took one, more units sell at the item's price.
          const used = await trx
            .selectFrom('price_offers')
            .select('id')
            .where('user_id', '=', customer.id)
            .where('product_id', '=', productId)
            .where('status', '=', 'ordered')
            .executeTakeFirst();
          if (used) throw new DomainError('invalid', HOLD_MESSAGES.agreedPriceUsed);
          // A hold that ran out unused: no new offer on that item until the cool-down has passed.
          if (cooldownHours > 0) {
            const since = new Date(Date.now() - cooldownHours * 3600_000).toISOString();
            const lapsed = await trx
              .selectFrom('price_offers')
              .select((eb) => eb.fn.max('updated_at').as('at'))
              .where('user_id', '=', customer.id)
              .where('product_id', '=', productId)
              .where('status', '=', 'expired')
              .where('updated_at', '>', since)
              .executeTakeFirst();
            if (lapsed?.at) {
              const until = new Date(new Date(lapsed.at).getTime() + cooldownHours * 3600_000).toISOString();
              throw new DomainError('too_many', HOLD_MESSAGES.coolingDown(until), { extra: { retry_at: until } });
            }
          }
          if (product.stock_quantity <= 0) {
            throw new DomainError(
              'invalid',
              product.held_quantity > 0 ? OFFER_MESSAGES.reserved : OFFER_MESSAGES.soldOut,
            );
          }
          if (offerCents >= product.price_cents) throw invalidField('price', OFFER_MESSAGES.aboveListPrice);

          const rules = rulesFor(product.price_cents);
          const decision = decideOffer(offerCents, product.price_cents, rules);
          if (decision === 'open') {
            const waiting = await trx
              .selectFrom('price_offers')
              .select((eb) => eb.fn.countAll<string | number>().as('n'))
              .where('user_id', '=', customer.id)
              .where('status', 'in', [...WAITING_OFFER_STATUSES])
              .executeTakeFirstOrThrow();
            if (Number(waiting.n) >= settings.maxOpen) {
              throw new DomainError('invalid', OFFER_MESSAGES.tooManyOpen(Number(waiting.n)));
            }
          }
          const at = now();
          const declineMessage = OFFER_MESSAGES.declinedBelowFloor(product.price_cents, rules);
          const inserted = await trx
            .insertInto('price_offers')
            .values({
              product_id: productId,
              user_id: customer.id,
              status: decision === 'decline' ? 'declined' : 'open',
              list_price_cents: product.price_cents,
              offer_cents: offerCents,
              counter_cents: null,
              agreed_cents: null,
              rounds: 0,
              last_by: decision === 'decline' ? 'system' : 'customer',
              note: decision === 'decline' ? declineMessage : null,
              hold_until: null,
              order_id: null,
              created_at: at,
              updated_at: at,
            })
            .returningAll()
            .executeTakeFirstOrThrow();

          if (decision === 'accept') {
            const accepted = await accept(
              trx,
              inserted,
              offerCents,
              { actor: 'customer', userId: customer.id },
              'system',
            );
            await acceptedMail(trx, accepted, product.name, customer);
            return {
              status: 'accepted' as const,
              value: await one(trx, accepted.id),
              message: OFFER_MESSAGES.accepted(settings.holdHours),
              events: [changedEvent(accepted)],
            };
          }
          if (decision === 'decline') {
            return {
              status: 'declined' as const,
              value: await one(trx, inserted.id),
              message: declineMessage,
              events: [],
            };
          }
          return {
            status: 'open' as const,
            value: await one(trx, inserted.id),
            message: OFFER_MESSAGES.sent,
            events: [changedEvent(inserted)],
          };
        });
      } catch (err) {
        // Two offers on one item by the same customer at the same moment: the index keeps one.
        if (isUniqueViolation(err)) throw new DomainError('invalid', OFFER_MESSAGES.alreadyLive);
        throw err;
      }
    },

    /** The customer's offers, newest first (at most 100: older ones are closed history). */
    async listMine(userId: number): Promise<PriceOfferJson[]> {
      // an item taken back to draft or scheduled is not shown (its name and price wait for the drop)
      const rows = await offerQuery(db)
        .where('o.user_id', '=', userId)
        .where('p.status', '=', 'published')
        .orderBy('o.id', 'desc')
        .limit(100)
        .execute();
      return toJson(db, rows, settings.maxRounds);
    },

    /** The customer takes the shop's counter: accepted at the counter price and held. */
    async customerAccept(customer: Person, offerId: number): Promise<OfferResult<PriceOfferJson>> {
      return db.transaction().execute(async (trx) => {
        const row = await ownOffer(trx, customer.id, offerId, true);
        const refusal = closedOrTurn(row, 'countered');
        if (refusal) throw refusal;
        const accepted = await accept(
          trx,
          row,
          row.counter_cents!,
          { actor: 'customer', userId: customer.id },
          'customer',
        );
        await acceptedMail(trx, accepted, row.product_name, customer);
        return {
          value: await one(trx, accepted.id),
          message: OFFER_MESSAGES.accepted(settings.holdHours),
          events: [changedEvent(accepted)],
        };
      });
    },

    /** The customer declines the shop's counter, or withdraws an offer still waiting for the shop. */
    async customerDecline(customer: Person, offerId: number): Promise<OfferResult<PriceOfferJson>> {
      return db.transaction().execute(async (trx) => {
        const row = await ownOffer(trx, customer.id, offerId);
        if (!WAITING_OFFER_STATUSES.includes(row.status)) throw new DomainError('invalid', OFFER_MESSAGES.closed);
        const declined = await move(trx, row, { status: 'declined', last_by: 'customer' });
        return {
          value: await one(trx, declined.id),
          message: row.status === 'open' ? OFFER_MESSAGES.withdrawn : OFFER_MESSAGES.declinedByYou,
          events: [changedEvent(declined)],
        };
      });
    },

    /** The customer answers the shop's counter with a price of their own (within the rounds). */
    async customerCounter(customer: Person, offerId: number, priceCents: number): Promise<OfferResult<PriceOfferJson>> {
      return db.transaction().execute(async (trx) => {
        const row = await ownOffer(trx, customer.id, offerId, true);
        const refusal = closedOrTurn(row, 'countered');
        if (refusal) throw refusal;
        if (row.rounds >= settings.maxRounds) throw new DomainError('invalid', OFFER_MESSAGES.noMoreRounds);
        if (priceCents >= row.counter_cents!) throw invalidField('price', OFFER_MESSAGES.counterTooHigh);
        const rules = rulesFor(row.list_price_cents);
        const decision = decideOffer(priceCents, row.list_price_cents, rules);
        if (decision === 'decline') {
          throw invalidField('price', OFFER_MESSAGES.declinedBelowFloor(row.list_price_cents, rules));
        }
        if (decision === 'accept') {
          const bumped = await move(trx, row, { offer_cents: priceCents, rounds: row.rounds + 1 });
          const accepted = await accept(trx, bumped, priceCents, { actor: 'customer', userId: customer.id }, 'system');
          await acceptedMail(trx, accepted, row.product_name, customer);
          return {
            value: await one(trx, accepted.id),
            message: OFFER_MESSAGES.accepted(settings.holdHours),
            events: [changedEvent(accepted)],
          };
        }
        const countered = await move(trx, row, {
          status: 'open',
          offer_cents: priceCents,
          rounds: row.rounds + 1,
          last_by: 'customer',
        });
        return { value: await one(trx, countered.id), message: OFFER_MESSAGES.sent, events: [changedEvent(countered)] };
      });
    },

    /** The shop's list: waiting for the shop by default, or one status, or all; paged, newest first. */
    async adminList(filter: {
      status: 'waiting' | 'all' | PriceOfferStatus;
      page: number;
      perPage: number;
    }): Promise<{ offers: AdminPriceOfferJson[]; total: number; waiting: number }> {
      const status = filter.status === 'waiting' ? 'open' : filter.status === 'all' ? undefined : filter.status;
      let base = db.selectFrom('price_offers as o');
      if (status) base = base.where('o.status', '=', status);
      let page = offerQuery(db);
      if (status) page = page.where('o.status', '=', status);
      const [rows, total, waiting] = await Promise.all([
        page
          .orderBy('o.id', 'desc')
          .limit(filter.perPage)
          .offset((filter.page - 1) * filter.perPage)
          .execute(),
        base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
        db
          .selectFrom('price_offers')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('status', '=', 'open')
          .executeTakeFirstOrThrow(),
      ]);
      return { offers: await adminJson(db, rows), total: Number(total.n), waiting: Number(waiting.n) };
    },

    /** The shop accepts the customer's price: held for them and put in their cart. */
    async adminAccept(admin: { id: number }, offerId: number): Promise<OfferResult<AdminPriceOfferJson>> {
      return answerOpenOffer(offerId, async (trx, row) => {
        const accepted = await accept(trx, row, row.offer_cents, { actor: 'admin', userId: admin.id }, 'shop');
        const customer = await customerOf(trx, row.user_id);
        await acceptedMail(trx, accepted, row.product_name, customer);
        return {
          moved: accepted,
          message: 'Offer accepted: the item is held for the customer.',
          sentence: `The shop accepted your offer of ${formatKshCents(row.offer_cents)} on ${row.product_name}. It is reserved for you and in your cart.`,
        };
      });
    },

    /** The shop declines, with an optional note to the customer. */
    async adminDecline(
      admin: { id: number },
      offerId: number,
      note: string | null,
    ): Promise<OfferResult<AdminPriceOfferJson>> {
      return answerOpenOffer(offerId, async (trx, row) => {
        const declined = await move(trx, row, { status: 'declined', last_by: 'shop', note });
        const sentence = `The shop declined your offer of ${formatKshCents(row.offer_cents)} on ${row.product_name}.`;
        await mailShopAnswer(trx, row, null, {
          subject: `Your offer on ${row.product_name} was declined`,
          sentence,
          note,
        });
        return { moved: declined, message: 'Offer declined.', sentence };
      });
    },

    /** The shop counters with a price between the customer's and the item's (within the rounds). */
    async adminCounter(
      admin: { id: number },
      offerId: number,
      priceCents: number,
      note: string | null,
    ): Promise<OfferResult<AdminPriceOfferJson>> {
      void admin;
      return answerOpenOffer(offerId, async (trx, row) => {
        if (row.rounds >= settings.maxRounds) throw new DomainError('invalid', OFFER_MESSAGES.noMoreRounds);
        if (priceCents <= row.offer_cents) throw invalidField('price', OFFER_MESSAGES.counterNotAbove);
        if (priceCents >= row.list_price_cents) throw invalidField('price', OFFER_MESSAGES.counterAtPrice);
        const countered = await move(trx, row, {
          status: 'countered',
          counter_cents: priceCents,
          rounds: row.rounds + 1,
          last_by: 'shop',
          note,
        });
        const sentence = `The shop countered your offer on ${row.product_name} with ${formatKshCents(priceCents)}. Accept it, decline it or answer with your own price.`;
        await mailShopAnswer(trx, row, priceCents, {
          subject: `A counter-offer on ${row.product_name}`,
          sentence,
          note,
        });
        return { moved: countered, message: OFFER_MESSAGES.countered, sentence };
      });
    },

    /**
     * The `hold_expire` move for every hold whose time is up: the unit goes back on the shelf and
     * the customer is told. Each offer in its own transaction with a conditional UPDATE, so several
     * instances may sweep at once and an order placed at the same moment wins or loses cleanly.
     */
    async expireHolds(at: string = now()): Promise<{ ids: number[]; events: PendingEvent[] }> {
      const ids: number[] = [];
      const events: PendingEvent[] = [];
      for (let round = 0; round < 20; round++) {
        const due = await db
          .selectFrom('price_offers')
          .select('id')
          .where('status', '=', 'accepted')
          .where('hold_until', '<=', at)
          .orderBy('id')
          .limit(100)
          .execute();
        for (const { id } of due) {
          const done = await db.transaction().execute(async (trx) => {
            const expired = await trx
              .updateTable('price_offers')
              .set({ status: 'expired', updated_at: at })
              .where('id', '=', id)
              .where('status', '=', 'accepted')
              .where('hold_until', '<=', at)
              .returningAll()
              .executeTakeFirst();
            if (!expired) return undefined;
            await releaseHeldUnit(trx, expired.id, expired.product_id, { actor: 'system' }, at, 'Offer hold ended');
            const product = await trx
              .selectFrom('products')
              .select('name')
              .where('id', '=', expired.product_id)
              .executeTakeFirst();
            const name = product?.name ?? 'the item';
            const sentence = `Your reserved price for ${name} has ended because no order was placed in time. The item is on sale again at its usual price.`;
            const customer = await customerOf(trx, expired.user_id);
            if (customer) {
              await mailOfferAnswer(
                trx,
                shop,
                customer,
                { id: expired.id, productName: name, priceCents: null },
                { subject: `Your reserved price for ${name} has ended`, sentence },
              );
            }
            return [changedEvent(expired), customerEvent(expired, sentence)];
          });
          if (done) {
            ids.push(id);
            events.push(...done);
          }
        }
        if (due.length < 100) break;
      }
      return { ids, events };
    },
  };
}

export type OffersService = ReturnType<typeof offersService>;
