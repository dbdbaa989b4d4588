import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../lib/events.js';
import { emitAll } from '../../lib/events.js';
import type { ShopContext } from './emails.js';
import { expireOrder } from './lifecycle.js';
import { ordersRepository } from './repository.js';

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
 * Safe when several instances sweep at once: each order is expired through the lifecycle's
 * conditional move, so only the instance that wins it returns the stock and e-mails the customer.
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
  const moved = await expireOrder(db, id, nowIso, shop);
  if (moved && events) emitAll(events, moved.events);
  return moved !== undefined;
}
