import {
  centsToAmount,
  deliveryEstimate,
  deliveryNeeds,
  type DeliveryMethodBody,
  type DeliveryMethodJson,
  type DeliveryDetailsJson,
  type OrderDeliveryFields,
  type OrderDeliveryJson,
  type SavedAddressBody,
  type SavedAddressJson,
} from '@mtumba/contract';
import { deliveryMethodBodySchema, savedAddressBodySchema } from '@mtumba/contract/delivery';
import { LEGACY_DELIVERY, type DeliveryPricing } from '@mtumba/contract/pricing';
import type { ShippingOption } from '@mtumba/contract/constants';
import type { Db, Executor } from '../../db/database.js';
import { now } from '../../db/database.js';
import type { DeliveryMethod, UserAddress } from '../../db/schema.js';
import { DomainError, invalidField } from '../../lib/errors.js';
import { normaliseKenyanPhone, PHONE_HINT } from '../../lib/phone.js';
import { setDefaultPhone as saveDefaultPhone } from '../accounts/flags.js';
import { deliveryRepository } from './repository.js';

/**
 * Delivery methods (docs/product.md section 11) and the customer's saved delivery details. The
 * orders module asks `resolveOrderDelivery` for the method an order uses, its price rule and the
 * copy the order keeps.
 */

export const METHOD_NOT_FOUND = 'Delivery method not found.';
export const METHOD_UNAVAILABLE = 'This delivery method is not available. Please choose another one.';
export const ZONE_REQUIRED = 'Choose the area you are in.';
export const unknownZone = (zone: string) =>
  `We do not deliver to "${zone}" yet. Please choose one of the listed areas.`;
export const ADDRESS_REQUIRED = 'Enter the delivery address: street, building and house or door number.';
export const TOWN_REQUIRED = 'Enter the town you want the parcel sent to.';
export const OFFICE_REQUIRED = "Enter the courier's pickup office in that town.";
export const NAME_TAKEN = 'Another delivery method already has this name.';
export const ADDRESS_NOT_FOUND = 'Address not found.';
export const MAX_ADDRESSES = 10;

const toCents = (ksh: number) => Math.round(ksh * 100);

interface StoredZone {
  name: string;
  fee_cents: number;
}

function parseZones(json: string): StoredZone[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (z): z is StoredZone =>
        typeof z === 'object' && z !== null && typeof z.name === 'string' && typeof z.fee_cents === 'number',
    );
  } catch {
    return [];
  }
}

export function methodJson(m: DeliveryMethod): DeliveryMethodJson {
  const zones = parseZones(m.zones);
  return {
    id: m.id,
    name: m.name,
    kind: m.kind,
    fee: centsToAmount(m.fee_cents),
    free_over: m.free_over_cents === null ? null : centsToAmount(m.free_over_cents),
    zones: zones.map((z) => ({ name: z.name, fee: centsToAmount(z.fee_cents) })),
    pickup_address: m.pickup_address,
    pickup_hours: m.pickup_hours,
    hold_days: m.hold_days,
    min_days: m.min_days,
    max_days: m.max_days,
    note: m.note,
    needs: deliveryNeeds(m.kind, zones),
    is_active: m.is_active === 1,
    sort_order: m.sort_order,
  };
}

export async function listDeliveryMethods(
  db: Executor,
  options: { activeOnly: boolean },
): Promise<DeliveryMethodJson[]> {
  return (await deliveryRepository(db).listMethods(options.activeOnly)).map(methodJson);
}

function methodColumns(body: DeliveryMethodBody) {
  const b = deliveryMethodBodySchema.parse(body);
  return {
    name: b.name,
    kind: b.kind,
    fee_cents: toCents(b.fee),
    free_over_cents: b.free_over === null || b.free_over === undefined ? null : toCents(b.free_over),
    zones: JSON.stringify(
      b.kind === 'doorstep' ? b.zones.map((z) => ({ name: z.name, fee_cents: toCents(z.fee) })) : [],
    ),
    pickup_address: b.kind === 'pickup' ? b.pickup_address : null,
    pickup_hours: b.kind === 'pickup' ? b.pickup_hours : null,
    hold_days: b.kind === 'pickup' ? (b.hold_days ?? null) : null,
    min_days: b.min_days,
    max_days: b.max_days,
    note: b.note,
    is_active: b.is_active ? 1 : 0,
    sort_order: b.sort_order,
  };
}

export async function createDeliveryMethod(db: Db, body: DeliveryMethodBody): Promise<DeliveryMethodJson> {
  const repo = deliveryRepository(db);
  const values = methodColumns(body);
  if (await repo.findMethodByName(values.name)) throw invalidField('name', NAME_TAKEN);
  const at = now();
  return methodJson(await repo.insertMethod({ ...values, created_at: at, updated_at: at }));
}

export async function updateDeliveryMethod(db: Db, id: number, body: DeliveryMethodBody): Promise<DeliveryMethodJson> {
  const repo = deliveryRepository(db);
  const values = methodColumns(body);
  if (!(await repo.findMethod(id))) throw new DomainError('not_found', METHOD_NOT_FOUND);
  const same = await repo.findMethodByName(values.name);
  if (same && same.id !== id) throw invalidField('name', NAME_TAKEN);
  const updated = await repo.updateMethod(id, { ...values, updated_at: now() });
  if (!updated) throw new DomainError('not_found', METHOD_NOT_FOUND);
  return methodJson(updated);
}

// ---------------------------------------------------------------------------------------------
// The delivery of one order

export interface OrderDelivery {
  methodId: number | null;
  /** what `shipping_address` shows: the method's name */
  name: string;
  pricing: DeliveryPricing;
  details: OrderDeliveryJson;
}

function orderDetails(m: DeliveryMethod, fields: OrderDeliveryFields, zone: string | null): OrderDeliveryJson {
  const doorstep = m.kind === 'doorstep';
  const courier = m.kind === 'courier';
  return {
    method_id: m.id,
    name: m.name,
    kind: m.kind,
    zone,
    address: doorstep || fields.delivery_address ? (fields.delivery_address ?? null) : null,
    landmark: fields.delivery_landmark ?? null,
    town: courier ? (fields.delivery_town ?? null) : null,
    pickup_office: courier ? (fields.delivery_pickup_office ?? null) : null,
    pickup_address: m.pickup_address,
    pickup_hours: m.pickup_hours,
    hold_days: m.hold_days,
    min_days: m.min_days,
    max_days: m.max_days,
    estimate: deliveryEstimate(m),
    note: m.note,
  };
}

/**
 * The delivery an order asks for. With `delivery_method_id` the method must be active and get
 * what it needs (an address and a known zone for doorstep, a town and pickup office for courier),
 * else 422 naming the field. Without it, the old clients' `shipping_address` names a method and
 * nothing more is asked, exactly as before.
 */
export async function resolveOrderDelivery(
  db: Executor,
  shippingAddress: ShippingOption | undefined,
  fields: OrderDeliveryFields,
): Promise<OrderDelivery> {
  const repo = deliveryRepository(db);
  const id = fields.delivery_method_id ?? null;
  if (id === null) {
    const legacy = shippingAddress ?? 'CBD Delivery';
    const m = await repo.findMethodByName(legacy);
    if (!m) {
      const kind = legacy === 'CBD Delivery' ? 'pickup' : 'doorstep';
      return {
        methodId: null,
        name: legacy,
        pricing: LEGACY_DELIVERY[legacy],
        details: {
          method_id: null,
          name: legacy,
          kind,
          zone: null,
          address: fields.delivery_address ?? null,
          landmark: fields.delivery_landmark ?? null,
          town: null,
          pickup_office: null,
          pickup_address: null,
          pickup_hours: null,
          hold_days: null,
          min_days: 1,
          max_days: 3,
          estimate: deliveryEstimate({ min_days: 1, max_days: 3 }),
          note: null,
        },
      };
    }
    return {
      methodId: m.id,
      name: m.name,
      pricing: { name: m.name, feeCents: m.fee_cents, freeOverCents: m.free_over_cents },
      details: orderDetails(m, fields, null),
    };
  }

  const m = await repo.findMethod(id);
  if (!m || m.is_active !== 1) throw invalidField('delivery_method_id', METHOD_UNAVAILABLE);
  let feeCents = m.fee_cents;
  let zone: string | null = null;
  if (m.kind === 'doorstep') {
    const zones = parseZones(m.zones);
    if (zones.length > 0) {
      if (!fields.delivery_zone) throw invalidField('delivery_zone', ZONE_REQUIRED);
      const found = zones.find((z) => z.name.toLowerCase() === fields.delivery_zone!.toLowerCase());
      if (!found) throw invalidField('delivery_zone', unknownZone(fields.delivery_zone));
      feeCents = found.fee_cents;
      zone = found.name;
    }
    if (!fields.delivery_address) throw invalidField('delivery_address', ADDRESS_REQUIRED);
  }
  if (m.kind === 'courier') {
    if (!fields.delivery_town) throw invalidField('delivery_town', TOWN_REQUIRED);
    if (!fields.delivery_pickup_office) throw invalidField('delivery_pickup_office', OFFICE_REQUIRED);
  }
  return {
    methodId: m.id,
    name: m.name,
    pricing: { name: m.name, feeCents, freeOverCents: m.free_over_cents },
    details: orderDetails(m, fields, zone),
  };
}

/** The copy an order keeps, as its replies show it; null on orders placed before delivery methods. */
export function parseOrderDelivery(json: string | null): OrderDeliveryJson | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as OrderDeliveryJson;
    return typeof value === 'object' && value !== null && typeof value.name === 'string' ? value : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The customer's saved delivery details

function addressJson(a: UserAddress): SavedAddressJson {
  return {
    id: a.id,
    label: a.label,
    zone: a.zone,
    address_line: a.address_line,
    landmark: a.landmark,
    is_default: a.is_default === 1,
  };
}

export async function getDeliveryDetails(db: Executor, userId: number): Promise<DeliveryDetailsJson> {
  const repo = deliveryRepository(db);
  const [user, addresses] = await Promise.all([repo.userDeliveryFacts(userId), repo.addressesOf(userId)]);
  return { default_phone: user?.default_phone ?? null, addresses: addresses.map(addressJson) };
}

export async function setDefaultPhone(db: Db, userId: number, input: string | null): Promise<DeliveryDetailsJson> {
  let phone: string | null = null;
  if (input && input.trim()) {
    phone = normaliseKenyanPhone(input) ?? null;
    if (!phone) throw invalidField('default_phone', PHONE_HINT);
  }
  await saveDefaultPhone(db, userId, phone, now());
  return getDeliveryDetails(db, userId);
}

export async function saveAddress(
  db: Db,
  userId: number,
  addressId: number | null,
  body: SavedAddressBody,
): Promise<SavedAddressJson> {
  const b = savedAddressBodySchema.parse(body);
  return db.transaction().execute(async (trx) => {
    const repo = deliveryRepository(trx);
    const at = now();
    const count = await repo.countAddresses(userId);
    const values = {
      label: b.label,
      zone: b.zone,
      address_line: b.address_line,
      landmark: b.landmark,
      // the first address is the default
      is_default: b.is_default || (addressId === null && count === 0) ? 1 : 0,
      updated_at: at,
    };
    let saved: UserAddress | undefined;
    if (addressId === null) {
      if (count >= MAX_ADDRESSES) {
        throw new DomainError('invalid', `You can keep at most ${MAX_ADDRESSES} addresses. Delete one first.`);
      }
      saved = await repo.insertAddress({ ...values, user_id: userId, created_at: at });
    } else {
      saved = await repo.updateAddress(addressId, userId, values);
      if (!saved) throw new DomainError('not_found', ADDRESS_NOT_FOUND);
    }
    if (saved.is_default === 1) await repo.clearDefaultAddress(userId, saved.id);
    return addressJson(saved);
  });
}

export async function deleteAddress(db: Db, userId: number, addressId: number): Promise<void> {
  if (!(await deliveryRepository(db).deleteAddress(addressId, userId))) {
    throw new DomainError('not_found', ADDRESS_NOT_FOUND);
  }
}

/** Whether the customer proved their phone (an SMS code; null until that exists). */
export async function phoneVerified(db: Executor, userId: number): Promise<boolean> {
  return (await deliveryRepository(db).userDeliveryFacts(userId))?.phone_verified_at != null;
}
