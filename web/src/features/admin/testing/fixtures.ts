import type { AdminOrderDetailJson, AdminOrderJson } from '@mtumba/contract/order';
import type { Product } from '@mtumba/contract/product';

export const categories = [
  { id: 1, name: 'Dresses' },
  { id: 2, name: 'Jackets' },
];

export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 10,
    name: 'Denim jacket',
    description: 'Vintage, barely worn',
    price: 1500,
    compare_at_price: null,
    stock_quantity: 1,
    image_url: '/uploads/abc-640.webp',
    images: [
      { id: 100, image_url: '/uploads/abc-640.webp', srcset: '/uploads/abc-640.webp 640w', width: 640, height: 640 },
    ],
    categories: [{ id: 2, name: 'Jackets' }],
    average_rating: 0,
    review_count: 0,
    size: 'M',
    brand: "Levi's",
    condition: 'like new',
    color: 'Blue',
    is_featured: true,
    is_trending: false,
    negotiable: false,
    reserved: false,
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function adminOrder(overrides: Partial<AdminOrderJson> = {}): AdminOrderJson {
  const items = [
    {
      id: 1,
      product_id: 10,
      quantity: 2,
      price: '1500.00',
      subtotal: 3000,
      product: { id: 10, name: 'Denim jacket', image_url: '/uploads/abc-640.webp' },
    },
    {
      id: 2,
      product_id: 11,
      quantity: 1,
      price: '249.50',
      subtotal: 249.5,
      product: { id: 11, name: 'Silk scarf', image_url: null },
    },
  ];
  return {
    id: 7,
    user: { id: 3, name: 'Achieng Otieno', email: 'achieng@example.test' },
    order_status: 'processing',
    payment_status: 'paid',
    subtotal: 3249.5,
    discount_amount: 0,
    delivery_fee: 50,
    total_amount: 3299.5,
    applied_discounts: [],
    shipping_address: 'CBD Delivery',
    shipping_phone: '+254712345678',
    reserved_until: null,
    cancel_requested_at: null,
    cancel_request_open: false,
    cancel_request_outcome: null,
    cancel_request_note: null,
    refunded_amount: 0,
    paid_at: '2025-03-02T08:05:00.000Z',
    created_at: '2025-03-02T08:00:00.000Z',
    updated_at: '2025-03-02T08:05:00.000Z',
    item_count: 3,
    order_items: items,
    orderItems: items,
    history: [
      {
        from_status: null,
        to_status: 'pending',
        actor: 'customer',
        note: null,
        move: null,
        created_at: '2025-03-02T08:00:00.000Z',
      },
      {
        from_status: 'pending',
        to_status: 'processing',
        actor: 'payment',
        note: null,
        move: null,
        created_at: '2025-03-02T08:05:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function adminOrderDetail(overrides: Partial<AdminOrderDetailJson> = {}): AdminOrderDetailJson {
  return {
    ...adminOrder(),
    refunds: [],
    payments: [
      {
        reference: 'PAY-123',
        provider: 'sandbox',
        status: 'paid',
        amount: 3299.5,
        method: 'M-Pesa',
        created_at: '2025-03-02T08:04:00.000Z',
      },
    ],
    ...overrides,
  };
}
