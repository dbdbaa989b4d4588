import {
  OFFER_MESSAGES,
  WAITING_OFFER_STATUSES,
  decideOffer,
  type AdminPriceOfferJson,
  type OfferRules,
  type PriceOfferJson,
  type PriceOfferStatus,
} from '@mtumba/contract/price-offers';
import type { Db, Trx } from '../../db/database.js';
import { isUniqueViolation, now } from '../../db/database.js';
import { DomainError, invalidField, notFound } from '../../lib/errors.js';
import type { PendingEvent } from '../../lib/events.js';
import { PRODUCT_NOT_FOUND } from '../catalog/service.js';
import { heldOfferCount, tooManyHeldItems } from './holds.js';
import type { OfferMailShop } from './emails.js';
import type { OfferMoveName } from './moves.js';
import { offersRepository, type OfferRow } from './repository.js';
import {
  offerEvent,
  pushOfferWaiting,
  runOfferMove,
  type OfferMoveContext,
  type OfferMoveRequest,
} from './run-move.js';
import { adminOfferJson, adminOffersJson, offerJson, offersJson } from './view.js';

/**
 * Price offers (docs/product.md, Make an offer; docs/architecture.md, Make an offer). Making an
 * offer inserts it; every later change is a row of the offer move table (moves.ts) run by
 * `runOfferMove` in one transaction with the stock ledger's hold, the cart line, the e-mail and
 * the events returned for after the commit.
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
    await offersRepository(trx).lockCustomer(customerId);
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

  const ctx: OfferMoveContext = {
    shop,
    holdHours: settings.holdHours,
    checkHoldLimits,
    putInCart: (trx, customerId, productId) => holdHooks().putInCart(trx, customerId, productId),
  };

  function rulesFor(listPriceCents: number): OfferRules & { listPriceCents: number } {
    return { ...settings, listPriceCents };
  }

  /**
   * The customer's own offer. With `onSale`, only while its item is published: an item taken back
   * to draft or scheduled is hidden from My offers, and its offer cannot be taken up meanwhile.
   */
  async function ownOffer(trx: Trx, customerId: number, offerId: number, onSale = false): Promise<OfferRow> {
    const repo = offersRepository(trx);
    const row = await repo.findRow(offerId);
    if (!row || row.user_id !== customerId) throw notFound(OFFER_MESSAGES.notFound);
    if (onSale && !(await repo.isPublished(row.product_id))) throw notFound(OFFER_MESSAGES.notFound);
    return row;
  }

  /** One of the customer's moves on their own offer, in one transaction. */
  function customerMove(
    customer: Person,
    offerId: number,
    how: { onSale: boolean; message: (row: OfferRow) => string },
    choose: (row: OfferRow) => { move: OfferMoveName } & Omit<OfferMoveRequest, 'by'>,
  ): Promise<OfferResult<PriceOfferJson>> {
    return db.transaction().execute(async (trx) => {
      const row = await ownOffer(trx, customer.id, offerId, how.onSale);
      const { move, ...request } = choose(row);
      const done = (await runOfferMove(trx, ctx, row, move, {
        ...request,
        by: { actor: 'customer', userId: customer.id },
      }))!;
      return {
        value: await offerJson(trx, done.moved.id, settings.maxRounds),
        message: how.message(row),
        events: done.events,
      };
    });
  }

  /** One of the shop's answers to an open offer, in one transaction. */
  function shopMove(
    admin: { id: number },
    offerId: number,
    move: OfferMoveName,
    message: string,
    request: Omit<OfferMoveRequest, 'by'> = {},
  ): Promise<OfferResult<AdminPriceOfferJson>> {
    return db.transaction().execute(async (trx) => {
      const row = await offersRepository(trx).findRow(offerId);
      if (!row) throw notFound(OFFER_MESSAGES.notFound);
      const done = (await runOfferMove(trx, ctx, row, move, { ...request, by: { actor: 'admin', userId: admin.id } }))!;
      return { value: await adminOfferJson(trx, done.moved.id, settings.maxRounds), message, events: done.events };
    });
  }

  /** Why the customer may not offer on this item now (each refusal says what to do). */
  async function offerRefusal(trx: Trx, customerId: number, productId: number): Promise<void> {
    const repo = offersRepository(trx);
    if (await repo.liveOn(customerId, productId)) throw new DomainError('invalid', OFFER_MESSAGES.alreadyLive);
    // An agreed price is used once: after an order took one, more units sell at the item's price.
    if (await repo.agreedPriceUsed(customerId, productId)) {
      throw new DomainError('invalid', HOLD_MESSAGES.agreedPriceUsed);
    }
    // A hold that ran out unused: no new offer on that item until the cool-down has passed.
    if (cooldownHours > 0) {
      const since = new Date(Date.now() - cooldownHours * 3600_000).toISOString();
      const lapsed = await repo.lapsedSince(customerId, productId, since);
      if (lapsed) {
        const until = new Date(new Date(lapsed).getTime() + cooldownHours * 3600_000).toISOString();
        throw new DomainError('too_many', HOLD_MESSAGES.coolingDown(until), { extra: { retry_at: until } });
      }
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
          const repo = offersRepository(trx);
          // One decision per customer at a time (the limits); SQLite runs one writer anyway.
          await repo.lockCustomer(customer.id);
          // drafts and scheduled items answer exactly like a missing one: no hold, price or name before the drop
          const product = await repo.offerableProduct(productId);
          if (!product) throw notFound(PRODUCT_NOT_FOUND);
          if (!settings.allItems && product.negotiable !== 1) {
            throw new DomainError('invalid', OFFER_MESSAGES.notNegotiable);
          }
          await offerRefusal(trx, customer.id, productId);
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
            const waiting = await repo.waitingCount(customer.id);
            if (waiting >= settings.maxOpen) throw new DomainError('invalid', OFFER_MESSAGES.tooManyOpen(waiting));
          }
          const at = now();
          const declineMessage = OFFER_MESSAGES.declinedBelowFloor(product.price_cents, rules);
          const inserted = await repo.insert({
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
          });
          const json = (id: number) => offerJson(trx, id, settings.maxRounds);

          if (decision === 'accept') {
            const row = { ...inserted, product_name: product.name };
            const done = (await runOfferMove(trx, ctx, row, 'auto_accept', {
              by: { actor: 'customer', userId: customer.id },
            }))!;
            return {
              status: 'accepted' as const,
              value: await json(done.moved.id),
              message: OFFER_MESSAGES.accepted(settings.holdHours),
              events: done.events,
            };
          }
          if (decision === 'decline') {
            return { status: 'declined' as const, value: await json(inserted.id), message: declineMessage, events: [] };
          }
          await pushOfferWaiting(trx, inserted, product.name);
          return {
            status: 'open' as const,
            value: await json(inserted.id),
            message: OFFER_MESSAGES.sent,
            events: [offerEvent(inserted)],
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
      return offersJson(db, await offersRepository(db).listMine(userId, 100), settings.maxRounds);
    },

    /** The customer takes the shop's counter: accepted at the counter price and held. */
    customerAccept(customer: Person, offerId: number): Promise<OfferResult<PriceOfferJson>> {
      return customerMove(
        customer,
        offerId,
        { onSale: true, message: () => OFFER_MESSAGES.accepted(settings.holdHours) },
        () => ({ move: 'customer_accept' }),
      );
    },

    /** The customer declines the shop's counter, or withdraws an offer still waiting for the shop. */
    customerDecline(customer: Person, offerId: number): Promise<OfferResult<PriceOfferJson>> {
      return customerMove(
        customer,
        offerId,
        {
          onSale: false,
          message: (row) => (row.status === 'open' ? OFFER_MESSAGES.withdrawn : OFFER_MESSAGES.declinedByYou),
        },
        (row) => {
          // nothing to decline once the offer is settled, whoever's turn it was
          if (!WAITING_OFFER_STATUSES.includes(row.status)) throw new DomainError('invalid', OFFER_MESSAGES.closed);
          return { move: 'customer_decline' };
        },
      );
    },

    /** The customer answers the shop's counter with a price of their own (within the rounds). */
    customerCounter(customer: Person, offerId: number, priceCents: number): Promise<OfferResult<PriceOfferJson>> {
      let accepted = false;
      return customerMove(
        customer,
        offerId,
        { onSale: true, message: () => (accepted ? OFFER_MESSAGES.accepted(settings.holdHours) : OFFER_MESSAGES.sent) },
        (row) => {
          const check = (r: OfferRow) => {
            if (r.rounds >= settings.maxRounds) throw new DomainError('invalid', OFFER_MESSAGES.noMoreRounds);
            if (priceCents >= r.counter_cents!) throw invalidField('price', OFFER_MESSAGES.counterTooHigh);
            const rules = rulesFor(r.list_price_cents);
            if (decideOffer(priceCents, r.list_price_cents, rules) === 'decline') {
              throw invalidField('price', OFFER_MESSAGES.declinedBelowFloor(r.list_price_cents, rules));
            }
          };
          accepted =
            row.status === 'countered' &&
            decideOffer(priceCents, row.list_price_cents, rulesFor(row.list_price_cents)) === 'accept';
          // at the auto-accept share the answer is taken at once: the round counts, the item is held
          return accepted
            ? { move: 'auto_accept', check, set: { offer_cents: priceCents, rounds: row.rounds + 1 } }
            : { move: 'customer_counter', check, set: { offer_cents: priceCents } };
        },
      );
    },

    /** The shop's list: waiting for the shop by default, or one status, or all; paged, newest first. */
    async adminList(filter: {
      status: 'waiting' | 'all' | PriceOfferStatus;
      page: number;
      perPage: number;
    }): Promise<{ offers: AdminPriceOfferJson[]; total: number; waiting: number }> {
      const status = filter.status === 'waiting' ? 'open' : filter.status === 'all' ? undefined : filter.status;
      const { rows, total, waiting } = await offersRepository(db).page({
        status,
        limit: filter.perPage,
        offset: (filter.page - 1) * filter.perPage,
      });
      return { offers: await adminOffersJson(db, rows, settings.maxRounds), total, waiting };
    },

    /** The shop accepts the customer's price: held for them and put in their cart. */
    adminAccept(admin: { id: number }, offerId: number): Promise<OfferResult<AdminPriceOfferJson>> {
      return shopMove(admin, offerId, 'shop_accept', 'Offer accepted: the item is held for the customer.');
    },

    /** The shop declines, with an optional note to the customer. */
    adminDecline(
      admin: { id: number },
      offerId: number,
      note: string | null,
    ): Promise<OfferResult<AdminPriceOfferJson>> {
      return shopMove(admin, offerId, 'shop_decline', 'Offer declined.', { set: { note } });
    },

    /** The shop counters with a price between the customer's and the item's (within the rounds). */
    adminCounter(
      admin: { id: number },
      offerId: number,
      priceCents: number,
      note: string | null,
    ): Promise<OfferResult<AdminPriceOfferJson>> {
      return shopMove(admin, offerId, 'shop_counter', OFFER_MESSAGES.countered, {
        set: { counter_cents: priceCents, note },
        check: (row) => {
          if (row.rounds >= settings.maxRounds) throw new DomainError('invalid', OFFER_MESSAGES.noMoreRounds);
          if (priceCents <= row.offer_cents) throw invalidField('price', OFFER_MESSAGES.counterNotAbove);
          if (priceCents >= row.list_price_cents) throw invalidField('price', OFFER_MESSAGES.counterAtPrice);
        },
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
        const due = await offersRepository(db).dueHolds(at, 100);
        for (const { id } of due) {
          const done = await db.transaction().execute(async (trx) => {
            const row = await offersRepository(trx).findRow(id);
            if (!row) return undefined;
            return runOfferMove(trx, ctx, row, 'hold_expire', { by: { actor: 'system' }, at, dueBy: at });
          });
          if (done) {
            ids.push(id);
            events.push(...done.events);
          }
        }
        if (due.length < 100) break;
      }
      return { ids, events };
    },
  };
}

export type OffersService = ReturnType<typeof offersService>;
