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
  dashboard: (period: object) => ['admin', 'dashboard', period] as const,
};
