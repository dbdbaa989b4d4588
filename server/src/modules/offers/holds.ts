import { OFFER_MESSAGES } from '@mtumba/contract/price-offers';
import type { Executor, Trx } from '../../db/database.js';
import { DomainError } from '../../lib/errors.js';
import { handHeldUnitToOrder, type Actor } from '../stock/ledger.js';
import { offersRepository } from './repository.js';

/**
 * The holds of accepted price offers, as the cart and order placement see them
 * (docs/architecture.md, Make an offer). An accepted offer holds one unit for its customer until
 * `hold_until`; its price applies to one unit of that item, for that customer only.
 */
export interface ActiveHold {
  offerId: number;
  productId: number;
  agreedCents: number;
  holdUntil: string;
}

/** The customer's live holds (accepted, not yet ordered, time not up), one per item at most. */
export async function activeHoldsFor(db: Executor, userId: number, at: string): Promise<Map<number, ActiveHold>> {
  const rows = await offersRepository(db).activeHolds(userId, at);
  return new Map(
    rows
      .filter((r) => r.agreed_cents !== null && r.hold_until !== null)
      .map((r) => [
        r.product_id,
        { offerId: r.id, productId: r.product_id, agreedCents: r.agreed_cents!, holdUntil: r.hold_until! },
      ]),
  );
}

/**
 * Inside the order's transaction: each hold becomes the order's reservation of that unit (the
 * `hold_to_order` move of the offer table). The offer moves accepted → ordered only if it is still accepted and in time (a conditional UPDATE,
 * so the hold sweeper and the order never both have it); otherwise the whole order is refused.
 */
export async function takeOverHolds(
  trx: Trx,
  customerId: number,
  orderId: number,
  holds: readonly { offerId: number; productId: number; name: string }[],
  who: Actor,
  at: string,
): Promise<void> {
  for (const hold of [...holds].sort((a, b) => a.productId - b.productId)) {
    const taken = await offersRepository(trx).takeHold(hold, customerId, orderId, at);
    if (!taken || !(await handHeldUnitToOrder(trx, hold.offerId, hold.productId, orderId, who, at))) {
      throw new DomainError('conflict', OFFER_MESSAGES.holdEnded(hold.name));
    }
  }
}

/**
 * How many units the customer's accepted offers hold now (accepted, time not up). They count
 * toward the customer's held items with the units of their unpaid orders (docs/security.md,
 * Stock holds and offers): placing an order and accepting an offer both check the sum.
 */
export async function heldOfferCount(db: Executor, userId: number, at: string): Promise<number> {
  return offersRepository(db).heldCount(userId, at);
}

/** The refusal when unpaid orders and accepted offers together would hold more than `max` items. */
export const tooManyHeldItems = (max: number) =>
  `Your unpaid orders and reserved offers may hold at most ${max} items at a time. Please pay for or cancel an unpaid order, or order a reserved item, first.`;
