import { lineUnits } from '@mtumba/contract/price-offer-rules';
import type { CartItem } from '@/lib/api/get-cart';

// The cart's prices, for the cart and checkout screens: kept out of get-cart.ts, which the navbar's
// cart count loads with every page, so that the pricing rules load only with the screens that show prices.

/** The line's unit prices: an agreed offer price covers one unit (docs/product.md, Make an offer). */
export function cartLineUnits(item: CartItem) {
  return lineUnits({
    quantity: item.quantity,
    priceCents: Math.round(item.product.price * 100),
    agreedCents: item.offer ? Math.round(item.offer.agreed_price * 100) : null,
  });
}

/** The line's total in cents. */
export function cartLineCents(item: CartItem): number {
  return cartLineUnits(item).reduce((sum, u) => sum + u.unitPriceCents * u.quantity, 0);
}
