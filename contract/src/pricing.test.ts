import { describe, expect, it } from 'vitest';
import { OFFERS, SHOP_DISCOUNT_LABEL, type ShippingOption } from './constants';
import type { PaymentStatus } from './order-states';
import { priceOrder, type OrderPrice } from './pricing';

const BULK = OFFERS.bulk.label;
const WELCOME = OFFERS.welcome.label;
const FREE = OFFERS.freeDelivery.label;
const CBD: ShippingOption = 'CBD Delivery';
const CUSTOM: ShippingOption = 'Paid custom delivery';

/** Ksh → cents, so the table reads like the shop's prices. */
const ksh = (amount: number) => Math.round(amount * 100);

interface Case {
  name: string;
  items: [priceKsh: number, quantity: number][];
  shipping?: ShippingOption;
  previous?: PaymentStatus[];
  expected: { subtotal: number; discount: number; delivery: number; total: number; applied: string[] };
}

const returning: PaymentStatus[] = ['paid'];

const cases: Case[] = [
  {
    name: 'no offer: returning customer, one item, CBD delivery',
    items: [[500, 1]],
    previous: returning,
    expected: { subtotal: 500, discount: 0, delivery: 50, total: 550, applied: [] },
  },
  {
    name: 'bulk alone: three of one item (quantities summed)',
    items: [[200, 3]],
    previous: returning,
    expected: { subtotal: 600, discount: 50, delivery: 50, total: 600, applied: [BULK] },
  },
  {
    name: 'bulk alone: three different items',
    items: [
      [100, 1],
      [150, 1],
      [250, 1],
    ],
    previous: returning,
    expected: { subtotal: 500, discount: 50, delivery: 50, total: 500, applied: [BULK] },
  },
  {
    name: 'two items are not bulk',
    items: [[300, 2]],
    previous: returning,
    expected: { subtotal: 600, discount: 0, delivery: 50, total: 650, applied: [] },
  },
  {
    name: 'welcome alone: first order ever',
    items: [[400, 1]],
    previous: [],
    expected: { subtotal: 400, discount: 40, delivery: 50, total: 410, applied: [WELCOME] },
  },
  {
    name: 'welcome still applies after an expired unpaid order',
    items: [[400, 1]],
    previous: ['unpaid'],
    expected: { subtotal: 400, discount: 40, delivery: 50, total: 410, applied: [WELCOME] },
  },
  {
    name: 'welcome still applies after failed and refunded attempts',
    items: [[400, 1]],
    previous: ['failed', 'refund_due', 'unpaid'],
    expected: { subtotal: 400, discount: 40, delivery: 50, total: 410, applied: [WELCOME] },
  },
  {
    name: 'a previous paid order uses welcome up',
    items: [[400, 1]],
    previous: ['unpaid', 'paid'],
    expected: { subtotal: 400, discount: 0, delivery: 50, total: 450, applied: [] },
  },
  {
    name: 'free delivery alone: just above Ksh 1000',
    items: [[1000.01, 1]],
    previous: returning,
    expected: { subtotal: 1000.01, discount: 0, delivery: 0, total: 1000.01, applied: [FREE] },
  },
  {
    name: 'exactly Ksh 1000 pays delivery',
    items: [[1000, 1]],
    previous: returning,
    expected: { subtotal: 1000, discount: 0, delivery: 50, total: 1050, applied: [] },
  },
  {
    name: 'the boundary counts after discounts: 1050 − 50 bulk = 1000 pays delivery',
    items: [[350, 3]],
    previous: returning,
    expected: { subtotal: 1050, discount: 50, delivery: 50, total: 1050, applied: [BULK] },
  },
  {
    name: 'after discounts just above 1000 is free',
    items: [[350.01, 3]],
    previous: returning,
    expected: { subtotal: 1050.03, discount: 50, delivery: 0, total: 1000.03, applied: [BULK, FREE] },
  },
  {
    name: 'welcome can push an order under the boundary: 1100 − 110 = 990',
    items: [[1100, 1]],
    previous: [],
    expected: { subtotal: 1100, discount: 110, delivery: 50, total: 1040, applied: [WELCOME] },
  },
  {
    name: 'all three offers together',
    items: [
      [800, 1],
      [400, 2],
    ],
    previous: [],
    expected: { subtotal: 1600, discount: 210, delivery: 0, total: 1390, applied: [BULK, WELCOME, FREE] },
  },
  {
    name: 'custom delivery: no fee and no free-delivery label, whatever the amount',
    items: [[2000, 1]],
    shipping: CUSTOM,
    previous: returning,
    expected: { subtotal: 2000, discount: 0, delivery: 0, total: 2000, applied: [] },
  },
  {
    name: 'custom delivery with bulk and welcome',
    items: [[100, 4]],
    shipping: CUSTOM,
    previous: [],
    expected: { subtotal: 400, discount: 90, delivery: 0, total: 310, applied: [BULK, WELCOME] },
  },
  {
    name: 'welcome rounds half a cent up: 10% of Ksh 1234.55 = 123.455 → 123.46',
    items: [[1234.55, 1]],
    previous: [],
    expected: { subtotal: 1234.55, discount: 123.46, delivery: 0, total: 1111.09, applied: [WELCOME, FREE] },
  },
  {
    name: 'welcome rounds to the nearest cent: 10% of Ksh 99.99 = 9.999 → 10.00',
    items: [[99.99, 1]],
    previous: [],
    expected: { subtotal: 99.99, discount: 10, delivery: 50, total: 139.99, applied: [WELCOME] },
  },
  {
    name: 'welcome rounds down below half a cent: 10% of Ksh 0.33 = 3.3 cents → 3 cents',
    items: [[0.33, 1]],
    previous: [],
    expected: { subtotal: 0.33, discount: 0.03, delivery: 50, total: 50.3, applied: [WELCOME] },
  },
  {
    name: 'discounts never exceed the subtotal; delivery is still paid',
    items: [[10, 3]],
    previous: [],
    expected: { subtotal: 30, discount: 30, delivery: 50, total: 50, applied: [BULK, WELCOME] },
  },
  {
    name: 'discounts never exceed the subtotal with custom delivery: total 0, never negative',
    items: [[10, 3]],
    shipping: CUSTOM,
    previous: returning,
    expected: { subtotal: 30, discount: 30, delivery: 0, total: 0, applied: [BULK] },
  },
];

describe('priceOrder', () => {
  it.each(cases)('$name', (c) => {
    const price = priceOrder({
      items: c.items.map(([p, quantity]) => ({ unitPriceCents: ksh(p), quantity })),
      shipping: c.shipping ?? CBD,
      previousPaymentStatuses: c.previous ?? [],
    });
    const expected: OrderPrice = {
      subtotalCents: ksh(c.expected.subtotal),
      discountCents: ksh(c.expected.discount),
      shopDiscountCents: 0,
      deliveryFeeCents: ksh(c.expected.delivery),
      totalCents: ksh(c.expected.total),
      appliedDiscounts: c.expected.applied,
    };
    expect(price).toEqual(expected);
  });

  it('takes a manual order’s shop discount after the offers, never past the subtotal', () => {
    const paid: PaymentStatus[] = ['paid'];
    const base = { shipping: 'Paid custom delivery' as const, previousPaymentStatuses: paid };
    const alone = priceOrder({
      ...base,
      items: [{ unitPriceCents: ksh(900), quantity: 1 }],
      shopDiscountCents: ksh(150),
    });
    expect(alone).toMatchObject({
      subtotalCents: ksh(900),
      discountCents: ksh(150),
      shopDiscountCents: ksh(150),
      totalCents: ksh(750),
      appliedDiscounts: [SHOP_DISCOUNT_LABEL],
    });
    // Bulk (Ksh 50) first, then the shop discount takes at most what is left of the subtotal.
    const capped = priceOrder({
      ...base,
      items: [{ unitPriceCents: ksh(100), quantity: 3 }],
      shopDiscountCents: ksh(300),
    });
    expect(capped).toMatchObject({ discountCents: ksh(300), shopDiscountCents: ksh(250), totalCents: 0 });
    // CBD delivery is free only when the price after every discount is above Ksh 1000.
    const cbd = priceOrder({
      items: [{ unitPriceCents: ksh(1100), quantity: 1 }],
      shipping: CBD,
      previousPaymentStatuses: paid,
      shopDiscountCents: ksh(200),
    });
    expect(cbd).toMatchObject({ deliveryFeeCents: ksh(50), totalCents: ksh(950) });
    const none = priceOrder({ ...base, items: [{ unitPriceCents: ksh(100), quantity: 1 }], shopDiscountCents: 0 });
    expect(none).toMatchObject({ shopDiscountCents: 0, appliedDiscounts: [] });
  });

  it('keeps every amount an integer number of cents', () => {
    const price = priceOrder({
      items: [
        { unitPriceCents: 33_33, quantity: 3 },
        { unitPriceCents: 1, quantity: 7 },
      ],
      shipping: CBD,
      previousPaymentStatuses: [],
    });
    for (const v of [price.subtotalCents, price.discountCents, price.deliveryFeeCents, price.totalCents]) {
      expect(Number.isInteger(v)).toBe(true);
    }
    expect(price.totalCents).toBe(price.subtotalCents - price.discountCents + price.deliveryFeeCents);
  });
});
