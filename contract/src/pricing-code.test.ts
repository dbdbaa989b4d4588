import { describe, expect, it } from 'vitest';
import { OFFERS } from './constants';
import { discountCodeLabel } from './discount-codes';
import { priceOrder } from './pricing';

const ksh = (n: number) => n * 100;

describe('a discount code in the price', () => {
  it('comes after the offers, before free delivery is judged, and leaves their labels as they were', () => {
    const items = [1, 2, 3].map(() => ({ unitPriceCents: ksh(400), quantity: 1 }));
    const without = priceOrder({ items, shipping: 'CBD Delivery', previousPaymentStatuses: [] });
    expect(without.appliedDiscounts).toEqual([OFFERS.bulk.label, OFFERS.welcome.label, OFFERS.freeDelivery.label]);
    expect(without.codeDiscountCents).toBeUndefined();

    const label = discountCodeLabel({ code: 'karibu', kind: 'fixed', amount: 100 });
    const withCode = priceOrder({
      items,
      shipping: 'CBD Delivery',
      previousPaymentStatuses: [],
      code: { label, kind: 'fixed', amount: ksh(100), eligibleSubtotalCents: ksh(1200) },
    });
    // 1200 − 50 − 120 − 100 = 930: no longer above Ksh 1000, so CBD Delivery costs Ksh 50
    expect(withCode).toMatchObject({
      discountCents: ksh(270),
      codeDiscountCents: ksh(100),
      deliveryFeeCents: ksh(50),
      totalCents: ksh(980),
      appliedDiscounts: [OFFERS.bulk.label, OFFERS.welcome.label, 'KARIBU - Ksh 100 off'],
    });
  });

  it('takes a percentage of the items it covers only, and never goes past the subtotal', () => {
    const covered = priceOrder({
      items: [{ unitPriceCents: ksh(300), quantity: 1 }],
      shipping: 'Paid custom delivery',
      previousPaymentStatuses: ['paid'],
      code: { label: 'SHOES20 - 20% off', kind: 'percent', amount: 20, eligibleSubtotalCents: ksh(200) },
    });
    expect(covered).toMatchObject({ codeDiscountCents: ksh(40), totalCents: ksh(260) });
    const capped = priceOrder({
      items: [{ unitPriceCents: ksh(80), quantity: 1 }],
      shipping: 'Paid custom delivery',
      previousPaymentStatuses: ['paid'],
      code: { label: 'BIG - Ksh 500 off', kind: 'fixed', amount: ksh(500), eligibleSubtotalCents: ksh(80) },
    });
    expect(capped).toMatchObject({ discountCents: ksh(80), codeDiscountCents: ksh(80), totalCents: 0 });
  });
});
