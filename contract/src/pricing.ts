import { OFFERS, SHOP_DISCOUNT_LABEL, type ShippingOption } from './constants';
import type { OrderStatus, PaymentStatus } from './order-states';

export interface PricingInput {
  /** unit prices read from the database at order time */
  items: readonly { unitPriceCents: number; quantity: number }[];
  /**
   * the delivery chosen: a delivery method's fee and free-delivery rule, or one of the two names
   * old clients send (they price exactly as the seeded methods of the same name)
   */
  shipping: ShippingOption | DeliveryPricing;
  /** the payment status of each of the customer's earlier orders */
  previousPaymentStatuses: readonly PaymentStatus[];
  /** another live order of the customer already carries the first-order offer (it is claimed once) */
  firstOrderOfferHeld?: boolean;
  /**
   * a discount code the admin created (docs/product.md, discount codes), already checked: a
   * percentage or a fixed amount of the items it covers; applied after the automatic offers
   */
  code?: { label: string; kind: 'percent' | 'fixed'; amount: number; eligibleSubtotalCents: number };
  /** the admin's own discount on a manual order, in cents (docs/product.md section 13); applied after the offers */
  shopDiscountCents?: number;
}

/** What pricing needs of a delivery method (with the zone's fee for doorstep zones). */
export interface DeliveryPricing {
  name: string;
  feeCents: number;
  /** free when subtotal minus discounts is above this; null: never free */
  freeOverCents: number | null;
}

/** The two delivery choices of the first shop, as delivery methods. */
export const LEGACY_DELIVERY: Record<ShippingOption, DeliveryPricing> = {
  'CBD Delivery': {
    name: 'CBD Delivery',
    feeCents: OFFERS.cbdDeliveryFeeCents,
    freeOverCents: OFFERS.freeDelivery.aboveCents,
  },
  'Paid custom delivery': { name: 'Paid custom delivery', feeCents: 0, freeOverCents: null },
};

/** "Free CBD Delivery - Orders above Ksh 1000": the label of a method's free delivery. */
export function freeDeliveryLabel(delivery: DeliveryPricing): string {
  if (delivery.name === 'CBD Delivery' && delivery.freeOverCents === OFFERS.freeDelivery.aboveCents) {
    return OFFERS.freeDelivery.label;
  }
  const above = (delivery.freeOverCents ?? 0) / 100;
  const amount = Number.isInteger(above) ? String(above) : above.toFixed(2);
  return `Free ${delivery.name} - Orders above Ksh ${amount}`;
}

export interface OrderPrice {
  subtotalCents: number;
  /** offers that lower the price (bulk, first order); never more than the subtotal */
  discountCents: number;
  /** the part of `discountCents` that a discount code gave (present only when a code was given) */
  codeDiscountCents?: number;
  /** the part of `discountCents` that is the admin's own discount (what is left of it after the offers) */
  shopDiscountCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  /** the labels of the offers applied, free delivery included */
  appliedDiscounts: string[];
}

/**
 * The one pricing rule of the shop (docs/architecture.md section 3), in integer cents:
 * bulk discount for 3+ items, 10% off while the customer has never paid an order (an unpaid
 * order that expired or was cancelled does not count; a payment that had to be refunded neither),
 * then the delivery method's fee, free above its threshold after discounts (CBD Delivery: Ksh 50,
 * free above Ksh 1000; custom delivery: paid to the rider, nothing here). A manual order's shop
 * discount comes after the offers and never takes the discounts past the subtotal.
 */
export function priceOrder(input: PricingInput): OrderPrice {
  const subtotalCents = input.items.reduce((sum, i) => sum + i.unitPriceCents * i.quantity, 0);
  const itemCount = input.items.reduce((sum, i) => sum + i.quantity, 0);
  const appliedDiscounts: string[] = [];
  let discountCents = 0;

  if (itemCount >= OFFERS.bulk.minItems) {
    discountCents += OFFERS.bulk.discountCents;
    appliedDiscounts.push(OFFERS.bulk.label);
  }
  if (!input.previousPaymentStatuses.includes('paid') && !input.firstOrderOfferHeld) {
    discountCents += Math.round((subtotalCents * OFFERS.welcome.percent) / 100);
    appliedDiscounts.push(OFFERS.welcome.label);
  }
  discountCents = Math.min(discountCents, subtotalCents);
  let codeDiscountCents = 0;
  if (input.code) {
    const { kind, amount, eligibleSubtotalCents } = input.code;
    const wanted =
      kind === 'percent' ? Math.round((eligibleSubtotalCents * amount) / 100) : Math.min(amount, eligibleSubtotalCents);
    codeDiscountCents = Math.max(0, Math.min(wanted, subtotalCents - discountCents));
    discountCents += codeDiscountCents;
    appliedDiscounts.push(input.code.label);
  }
  const shopDiscountCents = Math.min(
    Math.max(0, Math.round(input.shopDiscountCents ?? 0)),
    subtotalCents - discountCents,
  );
  if (shopDiscountCents > 0) {
    discountCents += shopDiscountCents;
    appliedDiscounts.push(SHOP_DISCOUNT_LABEL);
  }

  const delivery = typeof input.shipping === 'string' ? LEGACY_DELIVERY[input.shipping] : input.shipping;
  let deliveryFeeCents = 0;
  if (delivery.feeCents > 0) {
    if (delivery.freeOverCents !== null && subtotalCents - discountCents > delivery.freeOverCents) {
      appliedDiscounts.push(freeDeliveryLabel(delivery));
    } else {
      deliveryFeeCents = delivery.feeCents;
    }
  }

  const totalCents = Math.max(0, subtotalCents - discountCents + deliveryFeeCents);
  return {
    subtotalCents,
    discountCents,
    shopDiscountCents,
    deliveryFeeCents,
    totalCents,
    appliedDiscounts,
    ...(input.code ? { codeDiscountCents } : {}),
  };
}

/**
 * The customer's order that holds the first-order offer, if any: a live (not cancelled) order
 * whose discounts include it. Only one order at a time may.
 */
export function firstOrderOfferHolder(
  orders: readonly {
    id: number;
    order_status: OrderStatus;
    payment_status: PaymentStatus;
    applied_discounts: readonly string[];
  }[],
): number | undefined {
  return orders.find((o) => o.applied_discounts.includes(OFFERS.welcome.label) && o.order_status !== 'cancelled')?.id;
}
