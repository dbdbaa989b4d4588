/**
 * Query keys of the admin screens. Everything starts with 'admin', so signing out (or a change
 * made elsewhere) can refresh all of them at once.
 */
export interface AdminProductListParams {
  page: number;
  q?: string;
}

export interface AdminOrderListParams {
  page: number;
  status?: string;
}

export const adminKeys = {
  all: ['admin'] as const,
  categories: () => ['admin', 'categories'] as const,
  products: () => ['admin', 'products'] as const,
  productList: (params: AdminProductListParams) => ['admin', 'products', params] as const,
  orders: () => ['admin', 'orders'] as const,
  orderLists: () => ['admin', 'orders', 'list'] as const,
  orderList: (params: AdminOrderListParams) => ['admin', 'orders', 'list', params] as const,
  order: (id: number) => ['admin', 'orders', 'detail', id] as const,
  toShip: () => ['admin', 'orders', 'to-ship'] as const,
  toShipPage: (page: number) => ['admin', 'orders', 'to-ship', page] as const,
  dashboard: (period: object) => ['admin', 'dashboard', period] as const,
  payLink: (id: number) => ['admin', 'orders', 'pay-link', id] as const,
  customerSearch: (q: string) => ['admin', 'customers', q] as const,
  productsForSale: (q: string) => ['admin', 'products', 'for-sale', q] as const,
  manualQuote: (body: unknown) => ['admin', 'orders', 'manual-quote', body] as const,
};
