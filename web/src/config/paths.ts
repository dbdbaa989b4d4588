/** Every URL of the web app, in one place (docs/product.md section 2). */
export const paths = {
  home: () => '/',
  products: () => '/products',
  category: (categoryId: number | string) => `/products/category/${categoryId}`,
  product: (id: number | string) => `/products/${id}`,
  offers: () => '/offers',
  terms: () => '/terms',
  contact: () => '/contact',
  login: () => '/login',
  register: () => '/register',
  verifyEmail: () => '/verify-email',
  forgotPassword: () => '/forgot-password',
  resetPassword: () => '/reset-password',
  cart: () => '/cart',
  wishlist: () => '/wishlist',
  orders: () => '/orders',
  order: (orderId: number | string) => `/orders/${orderId}`,
  checkout: (orderId: number | string) => `/checkout/${orderId}`,
  paymentConfirmation: () => '/payment/confirmationpage',
  addProduct: () => '/add-product',
  adminProducts: () => '/admin/products',
  /** the phone-first "New item" screen */
  newItem: () => '/admin/items/new',
  /** saved searches and the new-arrivals e-mail choice */
  accountAlerts: () => '/account/alerts',
  /** where the unsubscribe link of a new-arrivals e-mail lands (works signed out) */
  unsubscribe: () => '/unsubscribe',
  adminOrders: () => '/admin/orders',
  adminDelivery: () => '/admin/delivery',
  adminOrder: (id: number | string) => `/admin/orders/${id}`,
  adminUserSecurityLog: (userId: number | string) => `/admin/users/${userId}/security`,
} as const;
