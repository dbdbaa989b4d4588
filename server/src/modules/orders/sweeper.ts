import type { Db } from '../../db/database.js';
import type { DomainEvents, PendingEvent } from '../../lib/events.js';
import { emitAll } from '../../lib/events.js';
import { mailExpired, type ShopContext } from './emails.js';
import { ordersRepository } from './repository.js';
import { EXPIRY_NOTE, releaseItems } from './stock.js';

const BATCH = 100;
/** a bound on one run; whatever is left is taken by the next run */
const MAX_ROUNDS = 20;

/** Used only when a caller (a test) gives no shop details; the running app always does. */
const FALLBACK_SHOP: ShopContext = {
  shopName: 'Mtumba',
  shopEmail: 'shop@mtumba.local',
  appUrl: 'http://localhost:3000',
};

/**
 * Cancels pending, unpaid orders whose reservation has run out and puts their stock back.
 * Safe when several instances sweep at once: each order is claimed with a conditional UPDATE and
 * only the instance that wins it returns the stock, writes the history and e-mails the customer.
 * Returns the ids of the orders this call expired.
 */
export async function expireUnpaidOrders(
  db: Db,
  at: string | Date = new Date(),
  deps: { shop?: ShopContext; events?: DomainEvents } = {},
): Promise<number[]> {
  const nowIso = typeof at === 'string' ? at : at.toISOString();
  const shop = deps.shop ?? FALLBACK_SHOP;
  const expired: number[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const candidates = await ordersRepository(db).expiredCandidates(nowIso, BATCH);
    for (const { id } of candidates) {
      if (await expireOne(db, id, nowIso, shop, deps.events)) expired.push(id);
    }
    if (candidates.length < BATCH) break;
  }
  return expired;
}

async function expireOne(
  db: Db,
  id: number,
  nowIso: string,
  shop: ShopContext,
  events: DomainEvents | undefined,
): Promise<boolean> {
  const event = await db.transaction().execute(async (trx): Promise<PendingEvent | undefined> => {
    const repo = ordersRepository(trx);
    const claimed = await trx
      .updateTable('orders')
      .set({ order_status: 'cancelled', stock_released_at: nowIso, updated_at: nowIso })
      .where('id', '=', id)
      .where('order_status', '=', 'pending')
      .where('payment_status', '!=', 'paid')
      .where('reserved_until', '<', nowIso)
      .where('stock_released_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return undefined;
    await releaseItems(repo, await repo.itemsOf([id]), nowIso);
    await repo.addHistory({
      order_id: id,
      from_status: 'pending',
      to_status: 'cancelled',
      actor: 'system',
      note: EXPIRY_NOTE,
      created_at: nowIso,
    });
    if (claimed.user_id !== null) {
      const customer = await repo.findUser(claimed.user_id);
      if (customer) await mailExpired(trx, shop, customer, claimed);
    }
    return {
      name: 'order.status.updated',
      payload: { userId: claimed.user_id, id, status: 'cancelled', updated_at: nowIso },
    };
  });
  if (event && events) emitAll(events, [event]);
  return event !== undefined;
}
