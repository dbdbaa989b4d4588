import { OFFERS, SHOP_DISCOUNT_LABEL, type ShippingOption } from './constants';
import type { OrderStatus, PaymentStatus } from './order-states';

export interface PricingInput {
  /** unit prices read from the database at order time */
  items: readonly { unitPriceCents: number; quantity: number }[];
  shipping: ShippingOption;
  /** the payment status of each of the customer's earlier orders */
  previousPaymentStatuses: readonly PaymentStatus[];
  /** another live order of the customer already carries the first-order offer (it is claimed once) */
  firstOrderOfferHeld?: boolean;
  /** the admin's own discount on a manual order, in cents (docs/product.md section 10); applied after the offers */
  shopDiscountCents?: number;
}

export interface OrderPrice {
  subtotalCents: number;
  /** offers that lower the price (bulk, first order); never more than the subtotal */
  discountCents: number;
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
 * CBD delivery free above Ksh 1000 after discounts, custom delivery paid to the rider; a manual
 * order's shop discount comes after the offers and never takes the discounts past the subtotal.
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
  const shopDiscountCents = Math.min(
    Math.max(0, Math.round(input.shopDiscountCents ?? 0)),
    subtotalCents - discountCents,
  );
  if (shopDiscountCents > 0) {
    discountCents += shopDiscountCents;
    appliedDiscounts.push(SHOP_DISCOUNT_LABEL);
  }

  let deliveryFeeCents = 0;
  if (input.shipping === 'CBD Delivery') {
    if (subtotalCents - discountCents > OFFERS.freeDelivery.aboveCents) {
      appliedDiscounts.push(OFFERS.freeDelivery.label);
    } else {
      deliveryFeeCents = OFFERS.cbdDeliveryFeeCents;
    }
  }

  const totalCents = Math.max(0, subtotalCents - discountCents + deliveryFeeCents);
  return { subtotalCents, discountCents, shopDiscountCents, deliveryFeeCents, totalCents, appliedDiscounts };
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
