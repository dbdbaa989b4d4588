import { OFFERS } from '@mtumba/contract';
import type { Insertable } from 'kysely';
import type { Db, Executor, Trx } from '../../db/database.js';
import { isUniqueViolation, now } from '../../db/database.js';
import type { Order, OrdersTable } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { Language } from '../../lib/language.js';
import { removeOrderedItems } from '../cart/service.js';
import { redeemCode, type CheckedCode } from '../discounts/service.js';
import { firstMissingLine, reserveLines, type Actor } from '../stock/ledger.js';
import type { ShopContext } from './emails.js';
import { ordersRepository } from './repository.js';
import { eventsOf, OutOfStock, runOrderMove, writeHistory, type Moved } from './run-move.js';
import { shopPaymentMove, type ManualPaymentMethod } from './lifecycle.js';

/**
 * The placing moves (`place`, `place_manual`): the order is inserted rather than moved, so these
 * write its first history entry themselves (through the runner's `writeHistory`), and a payment
 * the shop already received follows through `runOrderMove` in the same transaction.
 */

export interface NewOrder {
  customerId: number;
  lines: { productId: number; name: string; imageKey: string | null; unitPriceCents: number; quantity: number }[];
  amounts: {
    subtotal_cents: number;
    discount_cents: number;
    delivery_fee_cents: number;
    total_cents: number;
    applied_discounts: string[];
  };
  shipping_address: string;
  shipping_phone: string;
  discount_code: string | null;
  /** the delivery method chosen and the copy of its details the order keeps */
  delivery_method_id: number | null;
  delivery_details: string;
  reservationSeconds: number;
  limits: { maxUnpaidOrders: number; maxReservedItems: number };
  /** units the customer's accepted offers hold: taken over by the order, not reserved again */
  heldOffers?: HeldOffer[];
  /** the offers module's part, given by the place-order flow */
  offerHolds: OfferHoldsForOrder;
  /** where the shopper first arrived from (docs/product.md, dashboard), when known */
  source?: string | null;
  /** the language the order is placed in (the shopper's request); none: the customer's account language */
  language?: Language;
  /** the admin's discount code the price carries: its use is taken in the order's transaction */
  code?: { checked: CheckedCode; discountCents: number };
}

export interface HeldOffer {
  offerId: number;
  productId: number;
  name: string;
}

/**
 * What placing an order needs of the customer's accepted price offers (the offers module), given
 * by the place-order flow: how many units they hold, taking held units over as the order's
 * reservation (`hold_to_order`), and the refusal when orders and offers together hold too many.
 */
export interface OfferHoldsForOrder {
  heldCount(trx: Trx, customerId: number, at: string): Promise<number>;
  takeOver(
    trx: Trx,
    customerId: number,
    orderId: number,
    holds: readonly HeldOffer[],
    who: Actor,
    at: string,
  ): Promise<void>;
  tooManyHeld(max: number): string;
}

/** How many units the customer's unpaid orders hold now (the offers' hold limit counts them too). */
export async function unpaidHeldItems(db: Executor, userId: number, at: string): Promise<number> {
  return (await ordersRepository(db).unpaidHolds(userId, at)).items;
}

export const tooManyUnpaidOrders = (n: number) =>
  `You already have ${n} unpaid ${n === 1 ? 'order' : 'orders'}. Please pay or cancel an unpaid order first.`;
export const tooManyReservedItems = (n: number) =>
  `Unpaid orders may hold at most ${n} items at a time. Please pay or cancel an unpaid order first.`;

export const offerTakenMeanwhile = (orderId: number | undefined) =>
  `Your first-order offer has just gone to ${orderId === undefined ? 'another of your orders' : `your order #${orderId}`}, placed a moment ago. Please place this order again: it is priced without the offer.`;

/**
 * The `place` move: one transaction that checks the customer's hold limits, claims the
 * first-order offer (a unique column: one live order each), inserts the order and takes every
 * line off the shelf, or changes nothing.
 */
export async function runPlaceMove(db: Db, input: NewOrder): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    // In a rush for one piece, an order that read it on the shelf just before another order took
    // it is refused here, before any write (the shelf's conditional UPDATE stays the final word).
    const gone = await firstMissingLine(trx, linesToReserve(input));
    if (gone !== undefined) {
      throw new OutOfStock(gone, input.lines.find((l) => l.productId === gone)?.name ?? 'an item');
    }
    // Several instances on PostgreSQL: one placement per customer at a time, so the limits and the
    // offer claim are decided on what the customer really holds. SQLite runs one writer anyway.
    await ordersRepository(trx).lockCustomer(input.customerId);
    const at = now();
    const held = await ordersRepository(trx).unpaidHolds(input.customerId, at);
    if (held.orders >= input.limits.maxUnpaidOrders) {
      throw new DomainError('invalid', tooManyUnpaidOrders(held.orders));
    }
    const quantity = input.lines.reduce((n, l) => n + l.quantity, 0);
    if (held.items + quantity > input.limits.maxReservedItems) {
      throw new DomainError('invalid', tooManyReservedItems(input.limits.maxReservedItems));
    }
    // Accepted offers' units count too, except those this order takes over (already in `quantity`).
    const offerHolds = Math.max(
      0,
      (await input.offerHolds.heldCount(trx, input.customerId, at)) - (input.heldOffers?.length ?? 0),
    );
    if (held.items + offerHolds + quantity > input.limits.maxReservedItems) {
      throw new DomainError('invalid', input.offerHolds.tooManyHeld(input.limits.maxReservedItems));
    }
    return insertHeldOrder(trx, input, {
      at,
      reservedUntil: new Date(Date.parse(at) + input.reservationSeconds * 1000).toISOString(),
      by: { actor: 'customer', userId: input.customerId },
      move: 'place',
      note: 'Order placed',
    });
  });
}

/** The units an order takes off the shelf: its lines, less the units its customer's offers hold. */
function linesToReserve(input: Pick<NewOrder, 'lines' | 'heldOffers'>): { product_id: number; quantity: number }[] {
  const toReserve = new Map<number, number>();
  for (const l of input.lines) toReserve.set(l.productId, (toReserve.get(l.productId) ?? 0) + l.quantity);
  for (const h of input.heldOffers ?? []) toReserve.set(h.productId, (toReserve.get(h.productId) ?? 0) - 1);
  return [...toReserve]
    .filter(([, quantity]) => quantity > 0)
    .map(([product_id, quantity]) => ({ product_id, quantity }));
}

type HeldOrderInput = Pick<
  NewOrder,
  'customerId' | 'lines' | 'amounts' | 'shipping_address' | 'shipping_phone' | 'discount_code'
> &
  Partial<
    Pick<
      NewOrder,
      'delivery_method_id' | 'delivery_details' | 'heldOffers' | 'offerHolds' | 'source' | 'code' | 'language'
    >
  > & {
    extra?: Partial<Insertable<OrdersTable>>;
  };

/**
 * Inside a placing move's transaction: claims the first-order offer if the price carries it,
 * inserts the order and its lines, takes every line off the shelf (or throws OutOfStock, rolling
 * everything back), and writes the history entry.
 */
async function insertHeldOrder(
  trx: Trx,
  input: HeldOrderInput,
  how: { at: string; reservedUntil: string; by: Actor; move: 'place' | 'place_manual'; note: string },
): Promise<Order> {
  const { at } = how;
  const claimsOffer = input.amounts.applied_discounts.includes(OFFERS.welcome.label);
  const repo = ordersRepository(trx);
  // The price was worked out before this transaction: another order of the same customer placed at
  // the same moment may have claimed the first-order offer since. That order keeps it; this one is
  // refused (409) rather than sold at a discount it no longer has.
  if (claimsOffer) {
    const holder = await repo.offerHolder(input.customerId);
    if (holder !== undefined) throw new DomainError('conflict', offerTakenMeanwhile(holder));
  }
  const created = await repo
    .insertOrder({
      user_id: input.customerId,
      order_status: 'pending',
      payment_status: 'unpaid',
      ...input.amounts,
      applied_discounts: JSON.stringify(input.amounts.applied_discounts),
      shipping_address: input.shipping_address,
      shipping_phone: input.shipping_phone,
      discount_code: input.discount_code,
      delivery_method_id: input.delivery_method_id ?? null,
      delivery_details: input.delivery_details ?? null,
      reserved_until: how.reservedUntil,
      stock_released_at: null,
      cancel_requested_at: null,
      paid_at: null,
      welcome_claim_user_id: claimsOffer ? input.customerId : null,
      source: input.source ?? null,
      language: input.language ?? (await repo.customerLanguage(input.customerId)),
      ...input.extra,
      created_at: at,
      updated_at: at,
    })
    .catch((err: unknown) => {
      // the claim's unique index: a twin committed between the check above and this insert
      if (!claimsOffer || !isUniqueViolation(err)) throw err;
      throw new DomainError('conflict', offerTakenMeanwhile(undefined));
    });
  await repo.insertItems(
    input.lines.map((l) => ({
      order_id: created.id,
      product_id: l.productId,
      product_name: l.name,
      product_image_key: l.imageKey,
      unit_price_cents: l.unitPriceCents,
      quantity: l.quantity,
    })),
  );
  // The ordered units leave the customer's cart (checkout, an accepted offer's item, a manual order).
  await removeOrderedItems(trx, input.customerId, input.lines);
  await writeHistory(trx, { order: null, moved: created, move: how.move, by: how.by, note: how.note, at });
  // The rows other orders compete for come last, so they are locked (PostgreSQL) only for the
  // last few statements before the commit: the code's use, the offer's held unit, the shelf.
  // The code's limits are counters moved with conditional UPDATEs: an order racing another of the
  // same customer for its last use is refused here (422) and rolled back, never discounted twice.
  if (input.code) {
    await redeemCode(
      trx,
      input.code.checked,
      { id: created.id, userId: input.customerId, discountCents: input.code.discountCents },
      at,
    );
  }
  // A unit held for the customer's accepted price offer becomes this order's reservation as it is:
  // it is never back on the shelf in between, and only the rest of each line is taken now.
  const who: Actor = { actor: how.by.actor, userId: how.by.userId ?? null };
  const heldOffers = input.heldOffers ?? [];
  if (heldOffers.length > 0) await input.offerHolds!.takeOver(trx, input.customerId, created.id, heldOffers, who, at);
  const missing = await reserveLines(trx, created.id, linesToReserve(input), who, at);
  if (missing !== undefined) {
    throw new OutOfStock(missing, input.lines.find((l) => l.productId === missing)?.name ?? 'an item');
  }
  return created;
}

export interface NewManualOrder extends HeldOrderInput {
  /** the admin placing it */
  by: Actor;
  /** until when the pay link works and the items are held */
  holdUntil: string;
  /** the history note: where the sale was made and any shop discount with its reason */
  note: string;
  /** a payment the shop already received: recorded in the same transaction (`record_payment`) */
  payment?: {
    method: ManualPaymentMethod;
    reference: string;
    write: (trx: Trx, order: Order) => Promise<void>;
  };
}

/**
 * The `place_manual` move: the admin places an order for a customer (a sale made on WhatsApp, by
 * phone or live). Its items are reserved at once and held until `holdUntil` (the pay link's
 * expiry), without the customer's hold limits. With a payment, `record_payment` follows in the
 * same transaction, so the order is never left half-made.
 */
export async function runPlaceManualMove(db: Db, input: NewManualOrder, shop: ShopContext): Promise<Moved> {
  return db.transaction().execute(async (trx) => {
    // As for `place`: the first-order offer claim is decided on what the customer really holds.
    await ordersRepository(trx).lockCustomer(input.customerId);
    const at = now();
    const by: Actor = { ...input.by, actor: 'admin' };
    const created = await insertHeldOrder(trx, input, {
      at,
      reservedUntil: input.holdUntil,
      by,
      move: 'place_manual',
      note: input.note,
    });
    const placed = eventsOf('place_manual', created);
    if (!input.payment) return { order: created, events: placed };
    const { write, ...payment } = input.payment;
    const paid = await runOrderMove(trx, shop, {
      ...shopPaymentMove(payment),
      by,
      order: created,
      at,
      within: write,
    });
    return paid!;
  });
}
