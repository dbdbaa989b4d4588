import { centsToAmount } from '@mtumba/contract';
import { waitingFor, type AdminPriceOfferJson, type PriceOfferJson } from '@mtumba/contract/price-offers';
import type { Executor } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { OFFER_MESSAGES } from '@mtumba/contract/price-offers';
import { firstImageKeys } from '../catalog/product-view.js';
import { imageUrl } from '../catalog/images.js';
import { offersRepository, type OfferRow } from './repository.js';

/** Offers as the API shows them: to their customer, and to the shop (with the customer). */

export async function offersJson(db: Executor, rows: OfferRow[], maxRounds: number): Promise<PriceOfferJson[]> {
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

export async function adminOffersJson(
  db: Executor,
  rows: OfferRow[],
  maxRounds: number,
): Promise<AdminPriceOfferJson[]> {
  const users = await offersRepository(db).customers([...new Set(rows.map((r) => r.user_id))]);
  const byId = new Map(users.map((u) => [u.id, u]));
  const json = await offersJson(db, rows, maxRounds);
  return json.map((o, i) => ({
    ...o,
    customer: byId.get(rows[i]!.user_id) ?? { id: rows[i]!.user_id, name: 'Deleted customer', email: '' },
  }));
}

/** One offer for its customer (404 when gone). */
export async function offerJson(db: Executor, id: number, maxRounds: number): Promise<PriceOfferJson> {
  const row = await offersRepository(db).findRow(id);
  if (!row) throw notFound(OFFER_MESSAGES.notFound);
  return (await offersJson(db, [row], maxRounds))[0]!;
}

/** One offer for the shop (404 when gone). */
export async function adminOfferJson(db: Executor, id: number, maxRounds: number): Promise<AdminPriceOfferJson> {
  const row = await offersRepository(db).findRow(id);
  const [found] = row ? await adminOffersJson(db, [row], maxRounds) : [];
  if (!found) throw notFound(OFFER_MESSAGES.notFound);
  return found;
}
