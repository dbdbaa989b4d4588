import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { putHeldItemInCart } from '../modules/cart/service.js';
import { shopContext } from '../modules/orders/emails.js';
import { unpaidHeldItems } from '../modules/orders/place.js';
import { offersService, type OfferHoldHooks, type OffersService } from '../modules/offers/service.js';

/**
 * Flow: accepting a price offer (by the shop, by the customer taking a counter, or at once at the
 * auto-accept share) holds one unit for the customer. The offers module makes the `hold` move; the
 * hold limits count the units the customer's unpaid orders hold (orders module), and the held item
 * goes into the customer's cart (cart module), all in the offer's transaction.
 */
export const offerHoldHooks: OfferHoldHooks = {
  unpaidHeldItems: (trx, customerId, at) => unpaidHeldItems(trx, customerId, at),
  putInCart: (trx, customerId, productId) => putHeldItemInCart(trx, customerId, productId),
};

/** The offers service with the hold's effects on orders and the cart. */
export function acceptingOffers(db: Db, config: Config): OffersService {
  return offersService(db, {
    settings: config.offers,
    shop: shopContext(config),
    maxReservedItems: config.orders.maxReservedItems,
    holds: offerHoldHooks,
  });
}
