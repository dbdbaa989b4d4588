import type { Db } from '../../db/database.js';
import { emitAll, type DomainEvents, type PendingEvent } from '../../lib/events.js';
import { publishScheduledProducts } from '../catalog/service.js';
import { alertSavedSearches, type AlertShop } from '../saved-searches/service.js';

/** What publishing needs from the configuration. */
export interface PublishContext {
  shop: AlertShop;
  /** a product published by hand may be announced by a drop e-mail this many seconds later */
  dropQuietSeconds: number;
}

const BATCH = 500;

/**
 * Puts scheduled products whose time has come on sale, and tells the saved searches they fit.
 * Safe on several instances at once: the conditional UPDATE publishes each product for one of
 * them only, and the alerts are written in that same transaction. Returns the ids it published.
 * The drop e-mail follows from `announce_after` (the scheduled time: no quiet period).
 */
export async function publishDueProducts(
  db: Db,
  at: Date,
  deps: { context: PublishContext; events?: DomainEvents },
): Promise<number[]> {
  const nowIso = at.toISOString();
  const { ids, events } = await db.transaction().execute(async (trx) => {
    const published = await publishScheduledProducts(trx, nowIso, BATCH);
    const pending: PendingEvent[] = await alertSavedSearches(trx, published, nowIso, deps.context.shop);
    return { ids: published, events: pending };
  });
  if (deps.events) emitAll(deps.events, events);
  return ids;
}
