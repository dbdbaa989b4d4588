import { OFFERS, centsToAmount } from '@mtumba/contract';
import type { OrderJson, PlaceOrderBody } from '@mtumba/contract/order';
import { CODE_MESSAGES } from '@mtumba/contract/discount-codes';
import { OFFER_MESSAGES, lineUnits } from '@mtumba/contract/price-offers';
import { priceOrder } from '@mtumba/contract/pricing';
import type { Db } from '../db/database.js';
import type { Order } from '../db/schema.js';
import { now } from '../db/database.js';
import { invalidField } from '../lib/errors.js';
import type { Language } from '../lib/language.js';
import { normaliseKenyanPhone, PHONE_HINT } from '../lib/phone.js';
import { firstImageKeys } from '../modules/catalog/product-view.js';
import { resolveOrderDelivery } from '../modules/delivery/service.js';
import { activeCodeExists, checkDiscountCode } from '../modules/discounts/service.js';
import {
  activeHoldsFor,
  heldOfferCount,
  takeOverHolds,
  tooManyHeldItems,
  type ActiveHold,
} from '../modules/offers/holds.js';
import { productsForOrder } from '../modules/orders/lookup.js';
import { customerView, loadOrderViews } from '../modules/orders/order-view.js';
import { runPlaceMove, type OfferHoldsForOrder } from '../modules/orders/place.js';
import { OutOfStock } from '../modules/orders/run-move.js';
import { readShelf, takeTurn } from '../modules/orders/shelf-queue.js';
import {
  KNOWN_CODES,
  MAX_ORDER_CENTS,
  ORDER_TOO_LARGE,
  firstOrderOfferStanding,
  offerHeldMessage,
  type Result,
} from '../modules/orders/service.js';

/**
 * Flow: the customer places an order (`place`). Prices come from the catalogue, the delivery
 * method from the delivery module, the agreed prices and held units from the customer's accepted
 * offers (offers module); the orders module inserts the order and takes every line off the shelf
 * in one transaction with a conditional UPDATE, so an item is never sold twice.
 */

/** The offers module's part of placing an order (held units taken over, the hold limits). */
export const offerHolds: OfferHoldsForOrder = {
  heldCount: heldOfferCount,
  takeOver: takeOverHolds,
  tooManyHeld: tooManyHeldItems,
};

export async function placeOrder(
  db: Db,
  customer: { id: number },
  body: PlaceOrderBody,
  options: {
    reservationSeconds: number;
    maxUnpaidOrders: number;
    maxReservedItems: number;
    source?: string;
    language?: Language;
  },
): Promise<Result<OrderJson>> {
  const phone = normaliseKenyanPhone(body.shipping_phone);
  if (!phone) throw invalidField('shipping_phone', PHONE_HINT);
  const code = body.discount_code?.trim().toUpperCase() || null;
  const adminCode = code !== null && !KNOWN_CODES.has(code);
  if (adminCode && !(await activeCodeExists(db, code))) throw invalidField('discount_code', CODE_MESSAGES.invalid);

  const quantities = new Map<number, number>();
  for (const line of body.items)
    quantities.set(line.product_id, (quantities.get(line.product_id) ?? 0) + line.quantity);
  const productIds = [...quantities.keys()].sort((a, b) => a - b);

  // The delivery method and the products are read together; the delivery's refusal still comes first.
  const readProducts = () => productsForOrder(db, productIds);
  let read = readShelf(db, productIds, readProducts);
  read.products.catch(() => {});
  const delivery = await resolveOrderDelivery(db, body.shipping_address, body);
  let shelf = await checkShelf(db, customer.id, quantities, productIds, await read.products);
  // In a rush for one piece, the orders behind the one being placed wait for it and read the
  // shelf again (shelf-queue.ts): once it is sold they are refused here, without a transaction.
  let turn = takeTurn(db, productIds, read.mark);
  while (!('done' in turn)) {
    if ('wait' in turn) await turn.wait;
    read = readShelf(db, productIds, readProducts);
    shelf = await checkShelf(db, customer.id, quantities, productIds, await read.products);
    turn = takeTurn(db, productIds, read.mark);
  }
  let order: Order;
  try {
    order = await placeOnShelf(db, customer, options, {
      phone,
      code,
      adminCode: adminCode ? code : null,
      delivery,
      productIds,
      ...shelf,
    });
  } finally {
    turn.done();
  }

  const [view] = await loadOrderViews(db, [order]);
  return {
    value: customerView(view!),
    events: [
      {
        name: 'order.created',
        payload: {
          userId: order.user_id,
          id: order.id,
          status: order.order_status,
          total_amount: centsToAmount(order.total_cents),
          created_at: order.created_at,
        },
      },
    ],
  };
}

type ShelfLine = { product: Awaited<ReturnType<typeof productsForOrder>>[number]; quantity: number };

/**
 * The products as read, checked against the order: each still listed, not held for another
 * customer's offer, and on the shelf in the quantity asked (the customer's own offer holds one
 * unit off the shelf for them). Throws the refusal; gives the lines and the customer's holds.
 */
async function checkShelf(
  db: Db,
  customerId: number,
  quantities: Map<number, number>,
  productIds: number[],
  products: Awaited<ReturnType<typeof productsForOrder>>,
): Promise<{ lines: ShelfLine[]; holds: Map<number, ActiveHold> }> {
  const productsById = new Map(products.map((p) => [p.id, p]));
  const missing = productIds.find((id) => !productsById.has(id));
  if (missing !== undefined) {
    throw invalidField('items', `Product #${missing} is no longer available. Please remove it from your cart.`);
  }
  const lines = productIds.map((id) => ({ product: productsById.get(id)!, quantity: quantities.get(id)! }));
  // The customer's offer holds matter only for an item with units held for offers at all (a hold
  // of theirs always counts there): the usual order, and every refusal of a sold item, skip the read.
  const holds = lines.some((l) => l.product.held_quantity > 0)
    ? await activeHoldsFor(db, customerId, now())
    : new Map<number, ActiveHold>();
  // An item another customer's accepted offer holds is refused with its own message; the stock
  // check in the order's transaction stays the final word.
  const reservedForOther = lines.find(
    (l) => l.product.held_quantity > 0 && !holds.has(l.product.id) && l.product.stock_quantity < l.quantity,
  );
  if (reservedForOther) throw invalidField('items', `${reservedForOther.product.name}: ${OFFER_MESSAGES.reserved}`);
  // An item already gone is refused now, as the transaction would refuse it, without opening one:
  // in a rush for one piece, the many who come after the sale are answered at the cost of a read
  // (the photos and the first-order offer are read only after this check).
  // (The customer's own offer holds one unit off the shelf for them.) The conditional UPDATE in
  // the order's transaction stays the final word for those who read it still on the shelf.
  const gone = lines.find((l) => l.product.stock_quantity < l.quantity - (holds.has(l.product.id) ? 1 : 0));
  if (gone) throw new OutOfStock(gone.product.id, gone.product.name);
  return { lines, holds };
}

/** The order priced and placed in its transaction, once it has its turn at the shelf. */
async function placeOnShelf(
  db: Db,
  customer: { id: number },
  options: Parameters<typeof placeOrder>[3],
  read: {
    phone: string;
    code: string | null;
    /** the code, when it is one the admin created (not WELCOME10) */
    adminCode: string | null;
    delivery: Awaited<ReturnType<typeof resolveOrderDelivery>>;
    productIds: number[];
    lines: ShelfLine[];
    holds: Map<number, ActiveHold>;
  },
): Promise<Order> {
  const { phone, code, adminCode, delivery, productIds, lines, holds } = read;
  const [imageKeys, { previous, offerHolder }] = await Promise.all([
    firstImageKeys(db, productIds),
    firstOrderOfferStanding(db, customer.id),
  ]);
  // The agreed price of the customer's own accepted offer covers one unit of that item
  // (docs/product.md, Make an offer); prices come from the server only.
  const orderLines = lines.flatMap((l) =>
    lineUnits({
      quantity: l.quantity,
      priceCents: l.product.price_cents,
      agreedCents: holds.get(l.product.id)?.agreedCents,
    }).map((u) => ({ product: l.product, unitPriceCents: u.unitPriceCents, quantity: u.quantity })),
  );

  // WELCOME10 is the first-order offer typed as a code; any other code is one the admin created
  // (docs/product.md, discount codes), checked here with a message per refusal.
  const checked =
    adminCode === null
      ? undefined
      : await checkDiscountCode(
          db,
          adminCode,
          { id: customer.id, previousPaymentStatuses: previous },
          orderLines.map((l) => ({ productId: l.product.id, lineCents: l.unitPriceCents * l.quantity })),
        );
  if (adminCode !== null && checked === undefined) {
    throw invalidField('discount_code', CODE_MESSAGES.invalid);
  }

  const price = priceOrder({
    items: orderLines.map((l) => ({ unitPriceCents: l.unitPriceCents, quantity: l.quantity })),
    shipping: delivery.pricing,
    previousPaymentStatuses: previous,
    firstOrderOfferHeld: offerHolder !== undefined,
    code: checked?.pricing,
  });
  if (Math.max(price.subtotalCents, price.totalCents) > MAX_ORDER_CENTS) throw invalidField('items', ORDER_TOO_LARGE);
  if (code === 'WELCOME10' && !price.appliedDiscounts.includes(OFFERS.welcome.label)) {
    throw invalidField(
      'discount_code',
      offerHolder !== undefined && !previous.includes('paid')
        ? offerHeldMessage(offerHolder)
        : 'WELCOME10 is only for your first order.',
    );
  }

  return runPlaceMove(db, {
    customerId: customer.id,
    lines: orderLines.map((l) => ({
      productId: l.product.id,
      name: l.product.name,
      imageKey: imageKeys.get(l.product.id) ?? null,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
    })),
    heldOffers: lines.flatMap((l) => {
      const hold = holds.get(l.product.id);
      return hold ? [{ offerId: hold.offerId, productId: l.product.id, name: l.product.name }] : [];
    }),
    amounts: {
      subtotal_cents: price.subtotalCents,
      discount_cents: price.discountCents,
      delivery_fee_cents: price.deliveryFeeCents,
      total_cents: price.totalCents,
      applied_discounts: price.appliedDiscounts,
    },
    shipping_address: delivery.name,
    shipping_phone: phone,
    discount_code: code,
    delivery_method_id: delivery.methodId,
    delivery_details: JSON.stringify(delivery.details),
    reservationSeconds: options.reservationSeconds,
    limits: { maxUnpaidOrders: options.maxUnpaidOrders, maxReservedItems: options.maxReservedItems },
    offerHolds,
    source: options.source ?? null,
    language: options.language,
    code: checked ? { checked, discountCents: price.codeDiscountCents ?? 0 } : undefined,
  });
}
