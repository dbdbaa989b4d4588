import { formatKshCents } from '@mtumba/contract';
import { OFFER_MESSAGES, WAITING_OFFER_STATUSES } from '@mtumba/contract/price-offers';
import type { Updateable } from 'kysely';
import type { Trx } from '../../db/database.js';
import { now } from '../../db/database.js';
import type { PriceOffer, PriceOffersTable } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { PendingEvent } from '../../lib/events.js';
import { holdUnit, releaseHeldUnit, type Actor } from '../stock/ledger.js';
import { queueAdminPush, queuePush } from '../push/outbox.js';
import { mailOfferAnswer, type OfferMailShop } from './emails.js';
import { asLanguage } from '../../lib/language.js';
import { OFFER_MOVES, customerSentence, shopAcceptedSentence, type OfferMove, type OfferMoveName } from './moves.js';
import { offersRepository, type OfferRow } from './repository.js';

export const OFFER_CHANGED_MEANWHILE = 'This offer was just answered. Please reload it.';

/** What the runner needs from the offers service: settings, shop details and the hold's checks and cart. */
export interface OfferMoveContext {
  shop: OfferMailShop;
  holdHours: number;
  /** refuses (throws) when one more hold would pass the customer's limits */
  checkHoldLimits(trx: Trx, customerId: number, at: string, byShop: boolean): Promise<void>;
  /** the held item goes into the customer's cart */
  putInCart(trx: Trx, customerId: number, productId: number): Promise<void>;
}

export interface OfferMoveRequest {
  by: Actor;
  /** columns this call writes besides the row's (a price, a note) */
  set?: Updateable<PriceOffersTable>;
  /** the action's own checks, after the status check (rounds, prices) */
  check?: (row: OfferRow) => void;
  at?: string;
  /** `hold_expire`: only a hold whose time is up by then; a lost race is undefined, not a 409 */
  dueBy?: string;
}

/** Tells the admins' phones a price offer waits for their answer (the admin bell's "new offer"). */
export async function pushOfferWaiting(
  trx: Trx,
  offer: Pick<PriceOffer, 'id' | 'offer_cents'>,
  productName: string,
): Promise<void> {
  await queueAdminPush(trx, 'admin_price_offer', {
    title: 'A price offer waits for your answer',
    body: `${formatKshCents(offer.offer_cents)} offered for ${productName}.`,
    url: '/admin/offers',
    tag: `admin-offer-${offer.id}`,
  });
}

export function offerEvent(o: Pick<PriceOffer, 'id' | 'status' | 'updated_at'>): PendingEvent {
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

/** Why the move may not be made from the offer's status: not the caller's turn, or closed. */
function statusRefusal(move: OfferMove, row: PriceOffer): DomainError | undefined {
  if (move.from.includes(row.status)) return undefined;
  if (WAITING_OFFER_STATUSES.includes(row.status)) return new DomainError('invalid', OFFER_MESSAGES.notYourTurn);
  return new DomainError('invalid', OFFER_MESSAGES.closed);
}

/**
 * Makes one move of the offer table inside the caller's transaction: checks the status (and the
 * action's own checks), the hold limits for a hold, makes the conditional UPDATE (same status and
 * round as read: a lost race is a 409), moves the stock, fills the cart, queues the e-mail and
 * returns the events for after the commit. undefined only for `dueBy` moves that lost the race.
 */
export async function runOfferMove(
  trx: Trx,
  ctx: OfferMoveContext,
  row: OfferRow,
  name: OfferMoveName,
  request: OfferMoveRequest,
): Promise<{ moved: PriceOffer; events: PendingEvent[] } | undefined> {
  const move: OfferMove = OFFER_MOVES[name];
  const refusal = statusRefusal(move, row);
  if (refusal) {
    if (request.dueBy !== undefined) return undefined;
    throw refusal;
  }
  request.check?.(row);
  const repo = offersRepository(trx);
  const at = request.at ?? now();
  const changes: Updateable<PriceOffersTable> = { ...request.set, status: move.to, updated_at: at };
  if (move.lastBy) changes.last_by = move.lastBy;
  if (move.round) changes.rounds = row.rounds + 1;
  if (move.stock === 'hold') {
    await ctx.checkHoldLimits(trx, row.user_id, at, request.by.actor === 'admin');
    const offered = (request.set?.offer_cents as number | undefined) ?? row.offer_cents;
    changes.agreed_cents = move.agreed === 'counter' ? row.counter_cents : offered;
    changes.hold_until = new Date(Date.parse(at) + ctx.holdHours * 3600_000).toISOString();
  }
  const moved = await repo.move(row, changes, request.dueBy);
  if (!moved) {
    if (request.dueBy !== undefined) return undefined;
    throw new DomainError('conflict', OFFER_CHANGED_MEANWHILE);
  }
  if (move.stock === 'hold') {
    if (!(await holdUnit(trx, row.id, row.product_id, request.by, at))) {
      throw new DomainError('conflict', OFFER_MESSAGES.heldElsewhere);
    }
    await ctx.putInCart(trx, row.user_id, row.product_id);
  }
  if (move.stock === 'release') {
    await releaseHeldUnit(trx, moved.id, moved.product_id, { actor: 'system' }, at, 'Offer hold ended');
  }

  const events = [offerEvent(moved)];
  if (move.mail) {
    const words = customerSentence(move.mail, row, moved, row.product_name, moved.hold_until ?? now());
    const customer = await repo.customer(row.user_id);
    if (customer) {
      // the e-mail in the customer's language (the live message below stays as it was)
      const language = asLanguage(customer.language);
      const mailWords =
        language === 'en'
          ? words
          : customerSentence(move.mail, row, moved, row.product_name, moved.hold_until ?? now(), language);
      const priceCents =
        move.mail === 'accepted' ? moved.agreed_cents : move.mail === 'countered' ? moved.counter_cents : null;
      const note = move.mail === 'declined' || move.mail === 'countered' ? moved.note : undefined;
      await mailOfferAnswer(
        trx,
        ctx.shop,
        customer,
        { id: row.id, productName: row.product_name, priceCents },
        note === undefined ? mailWords : { ...mailWords, note },
      );
    }
    if (move.tellCustomer) {
      const message = name === 'shop_accept' ? shopAcceptedSentence(row, row.product_name) : words.sentence;
      events.push(customerEvent(moved, message));
      await queuePush(trx, row.user_id, `offer_${move.mail}`, {
        title: words.subject,
        body: message,
        url: '/my-offers',
        tag: `offer-${row.id}`,
      });
    }
  }
  if (moved.status === 'open') await pushOfferWaiting(trx, moved, row.product_name);
  return { moved, events };
}
