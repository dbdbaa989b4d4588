import type { OrderItemJson, OrderJson } from '@mtumba/contract/order';

/** An order as GET /orders answers it, for tests. */
export function orderFixture(over: Partial<OrderJson> = {}): OrderJson {
  const items: OrderItemJson[] = over.order_items ?? [
    {
      id: 1,
      product_id: 10,
      quantity: 1,
      price: '1500.00',
      subtotal: 1500,
      product: { id: 10, name: 'Denim jacket', image_url: '/uploads/a-640.webp' },
    },
    {
      id: 2,
      product_id: 11,
      quantity: 2,
      price: '300.00',
      subtotal: 600,
      product: { id: 11, name: 'Wool scarf', image_url: null },
    },
  ];
  return {
    id: 8,
    user: { id: 7, name: 'Wanjiku' },
    order_status: 'pending',
    payment_status: 'unpaid',
    subtotal: 2100,
    discount_amount: 260,
    delivery_fee: 0,
    total_amount: 1840,
    applied_discounts: [],
    shipping_address: 'CBD Delivery',
    shipping_phone: '+254712345678',
    reserved_until: null,
    cancel_requested_at: null,
    cancel_request_open: false,
    cancel_request_outcome: null,
    cancel_request_note: null,
    refunded_amount: 0,
    paid_at: null,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
    item_count: items.reduce((n, i) => n + i.quantity, 0),
    order_items: items,
    orderItems: items,
    history: [],
    ...over,
  };
}
