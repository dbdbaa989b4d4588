import type { DeliveryMethodJson } from '@mtumba/contract/delivery';
import { describe, expect, it } from 'vitest';
import { choicePricing, deliveryBody, EMPTY_DELIVERY, missingDeliveryField, optionValue } from './delivery-choice';

const method = (over: Partial<DeliveryMethodJson>): DeliveryMethodJson => ({
  id: 1,
  name: 'CBD Delivery',
  kind: 'pickup',
  fee: 50,
  free_over: 1000,
  zones: [],
  pickup_address: 'Shop 14, Nairobi CBD',
  pickup_hours: 'Mon–Sat 8:00–18:00',
  hold_days: 7,
  min_days: 1,
  max_days: 2,
  note: null,
  needs: [],
  is_active: true,
  sort_order: 10,
  ...over,
});

const cbd = method({});
const doorstep = method({
  id: 2,
  name: 'Nairobi doorstep delivery',
  kind: 'doorstep',
  fee: 250,
  free_over: 5000,
  zones: [{ name: 'Eastlands', fee: 300 }],
  pickup_address: null,
  needs: ['zone', 'address'],
});
const courier = method({
  id: 3,
  name: 'Upcountry parcel',
  kind: 'courier',
  fee: 350,
  free_over: null,
  needs: ['town', 'pickup_office'],
});
const methods = [cbd, doorstep, courier];

describe('the cart’s delivery choice', () => {
  it('sends the spec’s body for CBD Delivery, even with a saved address filled in', () => {
    const state = { ...EMPTY_DELIVERY, option: optionValue(cbd), address: 'Home, Kilimani' };
    expect(deliveryBody(methods, state)).toEqual({ shipping_address: 'CBD Delivery' });
  });

  it('sends the method, its area and the address for doorstep, and prices by the area', () => {
    const state = {
      ...EMPTY_DELIVERY,
      option: optionValue(doorstep),
      zone: 'Eastlands',
      address: ' Block 7 ',
      town: 'x',
    };
    expect(deliveryBody(methods, state)).toEqual({
      delivery_method_id: 2,
      delivery_zone: 'Eastlands',
      delivery_address: 'Block 7',
      delivery_landmark: null,
      delivery_town: null,
      delivery_pickup_office: null,
    });
    expect(choicePricing(methods, state)).toEqual({
      name: 'Nairobi doorstep delivery',
      feeCents: 300_00,
      freeOverCents: 5000_00,
    });
  });

  it('says what is missing before sending', () => {
    expect(missingDeliveryField(doorstep, { ...EMPTY_DELIVERY, option: 'method:2' })).toBe(
      'Choose the area you are in.',
    );
    expect(missingDeliveryField(doorstep, { ...EMPTY_DELIVERY, option: 'method:2', zone: 'Eastlands' })).toMatch(
      /Enter the delivery address/,
    );
    expect(missingDeliveryField(courier, { ...EMPTY_DELIVERY, option: 'method:3', town: 'Nakuru' })).toBe(
      "Enter the courier's pickup office in that town.",
    );
    expect(missingDeliveryField(cbd, { ...EMPTY_DELIVERY, option: 'CBD Delivery' })).toBeUndefined();
  });
});
