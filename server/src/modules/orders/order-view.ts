import type { AdminOrderJson, OrderItemJson, OrderJson, OrderShipmentJson } from '@mtumba/contract/order';
import { cancelRequestOpen, centsToAmount, centsToDecimalString } from '@mtumba/contract';
import type { Executor } from '../../db/database.js';
import type { Order, OrderItem } from '../../db/schema.js';
import { imageUrl } from '../catalog/images.js';
import { ordersRepository } from './repository.js';
import { parseOrderDelivery } from '../delivery/service.js';

function itemJson(item: OrderItem & { product_size?: string | null }): OrderItemJson {
  return {
    id: item.id,
    product_id: item.product_id,
    quantity: item.quantity,
    price: centsToDecimalString(item.unit_price_cents),
    subtotal: centsToAmount(item.unit_price_cents * item.quantity),
    product: {
      id: item.product_id,
      name: item.product_name,
      image_url: item.product_image_key ? imageUrl(item.product_image_key) : null,
      // only when the item has one: older clients compare the product object as it was
      ...(item.product_size ? { size: item.product_size } : {}),
    },
  };
}

function parseLabels(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Orders as the API shows them, with lines, history and owner loaded in one query each
 * whatever the number of orders (no N+1), in the order given.
 */
export async function loadOrderViews(db: Executor, orders: Order[]): Promise<AdminOrderJson[]> {
  if (orders.length === 0) return [];
  const repo = ordersRepository(db);
  const ids = orders.map((o) => o.id);
  const userIds = [...new Set(orders.map((o) => o.user_id).filter((id): id is number => id !== null))];
  const [items, history, users] = await Promise.all([repo.itemsOf(ids), repo.historyOf(ids), repo.usersByIds(userIds)]);
  const usersById = new Map(users.map((u) => [u.id, u]));
  const itemsByOrder = groupBy(items, (i) => i.order_id);
  const historyByOrder = groupBy(history, (h) => h.order_id);

  return orders.map((o) => {
    const lines = (itemsByOrder.get(o.id) ?? []).map(itemJson);
    const owner = o.user_id !== null ? usersById.get(o.user_id) : undefined;
    return {
      id: o.id,
      user: owner ? { id: owner.id, name: owner.name, email: owner.email } : null,
      order_status: o.order_status,
      payment_status: o.payment_status,
      subtotal: centsToAmount(o.subtotal_cents),
      discount_amount: centsToAmount(o.discount_cents),
      delivery_fee: centsToAmount(o.delivery_fee_cents),
      total_amount: centsToAmount(o.total_cents),
      applied_discounts: parseLabels(o.applied_discounts),
      shipping_address: o.shipping_address,
      shipping_phone: o.shipping_phone,
      reserved_until: o.reserved_until,
      cancel_requested_at: o.cancel_requested_at,
      cancel_request_open: cancelRequestOpen(o),
      cancel_request_outcome: (o.cancel_request_outcome as 'approved' | 'declined' | null) ?? null,
      cancel_request_note: o.cancel_request_note,
      refunded_amount: centsToAmount(o.refunded_cents),
      paid_at: o.paid_at,
      created_at: o.created_at,
      updated_at: o.updated_at,
      item_count: lines.reduce((sum, l) => sum + l.quantity, 0),
      order_items: lines,
      orderItems: lines,
      history: (historyByOrder.get(o.id) ?? []).map((h) => ({
        from_status: h.from_status,
        to_status: h.to_status,
        actor: h.actor,
        note: h.note,
        move: h.move,
        created_at: h.created_at,
      })),
      delivery: parseOrderDelivery(o.delivery_details),
      payment_method: o.payment_method ?? 'online',
      shipment: shipmentJson(o),
    };
  });
}

/** How the order left the shop, once it did. */
export function shipmentJson(o: Order): OrderShipmentJson | null {
  if (o.shipped_at === null || o.shipped_at === undefined) return null;
  return {
    carrier: o.shipping_carrier ?? null,
    tracking_number: o.tracking_number ?? null,
    note: o.shipping_note ?? null,
    shipped_at: o.shipped_at,
  };
}

/** The customer's view: the owner without their e-mail address. */
export function customerView(order: AdminOrderJson): OrderJson {
  return { ...order, user: order.user ? { id: order.user.id, name: order.user.name } : null };
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}
