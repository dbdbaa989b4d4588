import { describe, expect, it } from 'vitest';
import { OFFERS } from './constants';
import { LEGACY_DELIVERY, freeDeliveryLabel, priceOrder, type DeliveryPricing } from './pricing';

const returning = ['paid'] as const;
const doorstep: DeliveryPricing = { name: 'Nairobi doorstep delivery', feeCents: 300_00, freeOverCents: 5000_00 };
const courier: DeliveryPricing = { name: 'Upcountry parcel', feeCents: 350_00, freeOverCents: null };

describe('priceOrder given a delivery method', () => {
  it('prices the seeded CBD Delivery exactly as the spec’s name', () => {
    for (const cents of [500_00, 1000_00, 1000_01, 2000_00]) {
      const input = { items: [{ unitPriceCents: cents, quantity: 1 }], previousPaymentStatuses: [...returning] };
      expect(priceOrder({ ...input, shipping: LEGACY_DELIVERY['CBD Delivery'] })).toEqual(
        priceOrder({ ...input, shipping: 'CBD Delivery' }),
      );
      expect(priceOrder({ ...input, shipping: LEGACY_DELIVERY['Paid custom delivery'] })).toEqual(
        priceOrder({ ...input, shipping: 'Paid custom delivery' }),
      );
    }
  });

  it('charges the method’s fee, free only strictly above its threshold after discounts', () => {
    const at = (cents: number) =>
      priceOrder({
        items: [{ unitPriceCents: cents, quantity: 1 }],
        shipping: doorstep,
        previousPaymentStatuses: [...returning],
      });
    expect(at(5000_00)).toMatchObject({ deliveryFeeCents: 300_00, totalCents: 5300_00, appliedDiscounts: [] });
    expect(at(5000_01)).toMatchObject({
      deliveryFeeCents: 0,
      appliedDiscounts: ['Free Nairobi doorstep delivery - Orders above Ksh 5000'],
    });
  });

  it('never frees a method without a threshold', () => {
    const price = priceOrder({
      items: [{ unitPriceCents: 90_000_00, quantity: 1 }],
      shipping: courier,
      previousPaymentStatuses: [],
    });
    expect(price.deliveryFeeCents).toBe(350_00);
  });

  it('keeps the spec’s label for CBD Delivery and writes cents when a threshold has them', () => {
    expect(freeDeliveryLabel(LEGACY_DELIVERY['CBD Delivery'])).toBe(OFFERS.freeDelivery.label);
    expect(freeDeliveryLabel({ name: 'Locker', feeCents: 100, freeOverCents: 750_50 })).toBe(
      'Free Locker - Orders above Ksh 750.50',
    );
  });
});
