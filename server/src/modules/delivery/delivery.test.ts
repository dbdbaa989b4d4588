import type { DeliveryMethodJson } from '@mtumba/contract/delivery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { orderableProduct, orderBody, stockOf } from '../../../test/order-fixtures.js';
import {
  ADDRESS_REQUIRED,
  METHOD_UNAVAILABLE,
  NAME_TAKEN,
  OFFICE_REQUIRED,
  TOWN_REQUIRED,
  unknownZone,
  ZONE_REQUIRED,
} from './service.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;

async function customer(options: { admin?: boolean } = {}) {
  const user = await createUser(t.db, options);
  return { ...user, headers: bearer(user.token) };
}

async function methods(): Promise<DeliveryMethodJson[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/delivery-methods' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function methodNamed(name: string): Promise<DeliveryMethodJson> {
  const admin = await customer({ admin: true });
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/delivery-methods', headers: admin.headers });
  const found = (res.json() as DeliveryMethodJson[]).find((m) => m.name === name);
  if (!found) throw new Error(`no method ${name}`);
  return found;
}

function place(headers: Headers, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/orders', headers, payload });
}

async function orderCount(): Promise<number> {
  const row = await t.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET /delivery-methods', () => {
  it('lists the seeded methods a fresh shop starts with, with what each needs', async () => {
    const list = await methods();
    expect(list.map((m) => [m.name, m.kind])).toEqual([
      ['CBD Delivery', 'pickup'],
      ['Nairobi doorstep delivery', 'doorstep'],
      ['Upcountry parcel (courier or matatu)', 'courier'],
      ['Paid custom delivery', 'doorstep'],
    ]);
    const [cbd, doorstep, courier, custom] = list;
    expect(cbd).toMatchObject({ fee: 50, free_over: 1000, hold_days: 7, needs: [] });
    expect(cbd!.pickup_address).toMatch(/Nairobi CBD/);
    expect(cbd!.pickup_hours).toMatch(/Mon–Sat/);
    expect(doorstep!.needs).toEqual(['zone', 'address']);
    expect(doorstep!.zones).toContainEqual({ name: 'Westlands, Kilimani and Lavington', fee: 250 });
    expect(courier!.needs).toEqual(['town', 'pickup_office']);
    expect(custom).toMatchObject({ fee: 0, needs: ['address'] });
  });
});

describe('placing an order with a delivery method', () => {
  it('charges the zone’s fee and keeps the address on the order', async () => {
    const { headers } = await customer();
    const doorstep = await methodNamed('Nairobi doorstep delivery');
    const p = await orderableProduct(t.db, { priceCents: 800_00, stock: 1 });
    const res = await place(
      headers,
      orderBody([{ product_id: p.id, quantity: 1 }], {
        shipping_address: undefined,
        delivery_method_id: doorstep.id,
        delivery_zone: 'Eastlands (Buruburu, Donholm, Umoja)',
        delivery_address: 'Block 7, House 12, Buruburu Phase 2',
        delivery_landmark: 'Opposite the Total petrol station',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    // 800 − 80 (first order) = 720, Eastlands Ksh 300
    expect(order).toMatchObject({
      subtotal: 800,
      discount_amount: 80,
      delivery_fee: 300,
      total_amount: 1020,
      shipping_address: 'Nairobi doorstep delivery',
      payment_method: 'online',
      delivery: {
        method_id: doorstep.id,
        kind: 'doorstep',
        zone: 'Eastlands (Buruburu, Donholm, Umoja)',
        address: 'Block 7, House 12, Buruburu Phase 2',
        landmark: 'Opposite the Total petrol station',
        estimate: '1–2 days',
      },
    });
    const again = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers });
    expect(again.json().delivery.address).toBe('Block 7, House 12, Buruburu Phase 2');
  });

  it('keeps the town and pickup office of a courier parcel', async () => {
    const { headers } = await customer();
    const courier = await methodNamed('Upcountry parcel (courier or matatu)');
    const p = await orderableProduct(t.db, { priceCents: 500_00, stock: 1 });
    const res = await place(
      headers,
      orderBody([{ product_id: p.id, quantity: 1 }], {
        delivery_method_id: courier.id,
        delivery_town: 'Nakuru',
        delivery_pickup_office: 'Easy Coach, Nakuru town stage',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({
      delivery_fee: 350,
      shipping_address: 'Upcountry parcel (courier or matatu)',
      delivery: { kind: 'courier', town: 'Nakuru', pickup_office: 'Easy Coach, Nakuru town stage' },
    });
  });

  it('shows the pickup point, hours and hold days of CBD Delivery, also for old clients', async () => {
    const { headers } = await customer();
    const p = await orderableProduct(t.db, { priceCents: 300_00, stock: 1 });
    const res = await place(headers, orderBody([{ product_id: p.id, quantity: 1 }]));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({ shipping_address: 'CBD Delivery', delivery_fee: 50, total_amount: 320 });
    expect(order.delivery).toMatchObject({ name: 'CBD Delivery', kind: 'pickup', hold_days: 7 });
    expect(order.delivery.pickup_address).toMatch(/Gikomba Market Lane/);
    expect(order.delivery.pickup_hours).toBe('Mon–Sat 8:00–18:00');
  });

  it('prices a method the admin changed with its new fee and free-delivery threshold', async () => {
    const admin = await customer({ admin: true });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/delivery-methods',
      headers: admin.headers,
      payload: {
        name: 'Thika Road pickup',
        kind: 'pickup',
        fee: 80,
        free_over: 600,
        pickup_address: 'Roysambu, TRM mall ground floor',
        pickup_hours: 'Daily 9:00–20:00',
        hold_days: 5,
        min_days: 1,
        max_days: 3,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { headers } = await customer();
    const cheap = await orderableProduct(t.db, { priceCents: 200_00, stock: 1 });
    const dear = await orderableProduct(t.db, { priceCents: 900_00, stock: 1 });
    const one = await place(
      headers,
      orderBody([{ product_id: cheap.id, quantity: 1 }], { delivery_method_id: created.json().id }),
    );
    expect(one.json().order).toMatchObject({
      delivery_fee: 80,
      applied_discounts: [expect.stringMatching(/WELCOME10/)],
    });
    const other = await customer();
    const two = await place(
      other.headers,
      orderBody([{ product_id: dear.id, quantity: 1 }], { delivery_method_id: created.json().id }),
    );
    // 900 − 90 = 810 > 600: free
    expect(two.json().order).toMatchObject({ delivery_fee: 0, total_amount: 810 });
    expect(two.json().order.applied_discounts).toContain('Free Thika Road pickup - Orders above Ksh 600');
  });

  const doorstepCases: [string, Record<string, unknown>, string, string][] = [
    ['doorstep without an address', { delivery_zone: 'CBD and Upper Hill' }, 'delivery_address', ADDRESS_REQUIRED],
    ['doorstep without a zone', { delivery_address: 'Moi Avenue, Bazaar Plaza' }, 'delivery_zone', ZONE_REQUIRED],
    [
      'an unknown zone',
      { delivery_zone: 'Mombasa Island', delivery_address: 'Moi Avenue' },
      'delivery_zone',
      unknownZone('Mombasa Island'),
    ],
  ];
  it.each(doorstepCases)('refuses %s with 422, creating nothing', async (_name, fields, field, message) => {
    const { headers } = await customer();
    const doorstep = await methodNamed('Nairobi doorstep delivery');
    const p = await orderableProduct(t.db, { stock: 1 });
    const before = await orderCount();
    const res = await place(
      headers,
      orderBody([{ product_id: p.id, quantity: 1 }], { delivery_method_id: doorstep.id, ...fields }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await orderCount()).toBe(before);
    expect(await stockOf(t.db, p.id)).toBe(1);
  });

  it('refuses a courier parcel without town or pickup office', async () => {
    const { headers } = await customer();
    const courier = await methodNamed('Upcountry parcel (courier or matatu)');
    const p = await orderableProduct(t.db, { stock: 1 });
    const noTown = await place(
      headers,
      orderBody([{ product_id: p.id, quantity: 1 }], { delivery_method_id: courier.id }),
    );
    expect(noTown.statusCode).toBe(422);
    expect(noTown.json().errors.delivery_town).toEqual([TOWN_REQUIRED]);
    const noOffice = await place(
      headers,
      orderBody([{ product_id: p.id, quantity: 1 }], { delivery_method_id: courier.id, delivery_town: 'Kisumu' }),
    );
    expect(noOffice.json().errors.delivery_pickup_office).toEqual([OFFICE_REQUIRED]);
    expect(await stockOf(t.db, p.id)).toBe(1);
  });

  it('refuses an unknown or inactive method, and a phone that is not a Kenyan mobile', async () => {
    const { headers } = await customer();
    const admin = await customer({ admin: true });
    const p = await orderableProduct(t.db, { stock: 1 });
    const before = await orderCount();

    const unknown = await place(headers, orderBody([{ product_id: p.id, quantity: 1 }], { delivery_method_id: 99999 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.delivery_method_id).toEqual([METHOD_UNAVAILABLE]);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/delivery-methods',
      headers: admin.headers,
      payload: { name: 'Old boda route', kind: 'doorstep', fee: 100, min_days: 0, max_days: 1, is_active: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const inactive = await place(
      headers,
      orderBody([{ product_id: p.id, quantity: 1 }], {
        delivery_method_id: created.json().id,
        delivery_address: 'Ngong Road',
      }),
    );
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().errors.delivery_method_id).toEqual([METHOD_UNAVAILABLE]);
    expect((await methods()).map((m) => m.name)).not.toContain('Old boda route');

    for (const phone of ['0812 345 678', '+255712345678', '020 222 2222', '2547123']) {
      const res = await place(headers, orderBody([{ product_id: p.id, quantity: 1 }], { shipping_phone: phone }));
      expect(res.statusCode, phone).toBe(422);
      expect(res.json().errors.shipping_phone).toEqual([expect.stringMatching(/Kenyan mobile/)]);
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(t.db, p.id)).toBe(1);
  });

  it('accepts 07…, 01…, +2547… and 2541… and stores the number in one form', async () => {
    const { headers } = await customer();
    const forms: [string, string][] = [
      ['0712 345 678', '+254712345678'],
      ['0110-123-456', '+254110123456'],
      ['+254 712 345 678', '+254712345678'],
      ['254110123456', '+254110123456'],
    ];
    for (const [typed, stored] of forms) {
      const p = await orderableProduct(t.db, { stock: 1 });
      const res = await place(headers, orderBody([{ product_id: p.id, quantity: 1 }], { shipping_phone: typed }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().order.shipping_phone).toBe(stored);
      await t.app.inject({ method: 'POST', url: `/api/orders/${res.json().order.id}/cancel`, headers });
    }
  });

  it('still needs a delivery choice of some kind', async () => {
    const { headers } = await customer();
    const res = await place(headers, orderBody([{ product_id: 1, quantity: 1 }], { shipping_address: undefined }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.shipping_address).toEqual(['Choose CBD Delivery or Paid custom delivery.']);
  });
});

describe('admin delivery methods', () => {
  const body = {
    name: 'Kiambu Road doorstep',
    kind: 'doorstep',
    fee: 200,
    free_over: null,
    zones: [
      { name: 'Runda', fee: 300 },
      { name: 'Ridgeways', fee: 250 },
    ],
    min_days: 1,
    max_days: 2,
    note: 'Calls before arrival',
  };

  it('are for admins only', async () => {
    const { headers } = await customer();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/delivery-methods' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/delivery-methods', headers })).statusCode).toBe(403);
    const post = await t.app.inject({ method: 'POST', url: '/api/admin/delivery-methods', headers, payload: body });
    expect(post.statusCode).toBe(403);
  });

  it('creates, changes and deactivates a method; names are unique', async () => {
    const admin = await customer({ admin: true });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/delivery-methods',
      headers: admin.headers,
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: body.name,
      zones: body.zones,
      needs: ['zone', 'address'],
      is_active: true,
    });

    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/admin/delivery-methods',
      headers: admin.headers,
      payload: body,
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.name).toEqual([NAME_TAKEN]);

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/delivery-methods/${created.json().id}`,
      headers: admin.headers,
      payload: { ...body, fee: 220, is_active: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ fee: 220, is_active: false });
    expect((await methods()).map((m) => m.name)).not.toContain(body.name);

    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/delivery-methods/99999',
      headers: admin.headers,
      payload: body,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a pickup point without an address and days that do not add up', async () => {
    const admin = await customer({ admin: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/delivery-methods',
      headers: admin.headers,
      payload: { name: 'Nowhere', kind: 'pickup', fee: 10, min_days: 3, max_days: 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      pickup_address: ['A pickup point needs its address.'],
      max_days: ['The maximum days may not be fewer than the minimum days.'],
    });
  });
});

describe('the customer’s saved delivery details', () => {
  it('keeps a default phone and an address book with one default', async () => {
    const { headers } = await customer();
    const empty = await t.app.inject({ method: 'GET', url: '/api/user/delivery-details', headers });
    expect(empty.json()).toEqual({ default_phone: null, addresses: [] });

    const phone = await t.app.inject({
      method: 'PUT',
      url: '/api/user/default-phone',
      headers,
      payload: { default_phone: '0722 000 111' },
    });
    expect(phone.statusCode, phone.body).toBe(200);
    expect(phone.json().default_phone).toBe('+254722000111');
    const badPhone = await t.app.inject({
      method: 'PUT',
      url: '/api/user/default-phone',
      headers,
      payload: { default_phone: '12345' },
    });
    expect(badPhone.statusCode).toBe(422);
    expect(badPhone.json().errors.default_phone[0]).toMatch(/Kenyan mobile/);

    const home = await t.app.inject({
      method: 'POST',
      url: '/api/user/addresses',
      headers,
      payload: { label: 'Home', zone: 'Westlands, Kilimani and Lavington', address_line: 'Argwings Kodhek Rd, Apt 4B' },
    });
    expect(home.statusCode, home.body).toBe(201);
    expect(home.json()).toMatchObject({ label: 'Home', is_default: true });
    const work = await t.app.inject({
      method: 'POST',
      url: '/api/user/addresses',
      headers,
      payload: { label: 'Work', address_line: 'Kenyatta Ave, ICEA building 3rd floor', is_default: true },
    });
    expect(work.json().is_default).toBe(true);
    const list = await t.app.inject({ method: 'GET', url: '/api/user/delivery-details', headers });
    expect(list.json().addresses.map((a: { label: string; is_default: boolean }) => [a.label, a.is_default])).toEqual([
      ['Work', true],
      ['Home', false],
    ]);

    const missingLine = await t.app.inject({
      method: 'POST',
      url: '/api/user/addresses',
      headers,
      payload: { label: 'Gym' },
    });
    expect(missingLine.statusCode).toBe(422);
    expect(missingLine.json().errors.address_line).toEqual(['The address line field is required.']);

    const stranger = await customer();
    const notYours = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/addresses/${home.json().id}`,
      headers: stranger.headers,
    });
    expect(notYours.statusCode).toBe(404);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/user/addresses/${home.json().id}`, headers });
    expect(deleted.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/user/delivery-details', headers });
    expect(after.json().addresses).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/delivery-details' })).statusCode).toBe(401);
  });
});
