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
  /** the customer's price offers ("/offers" is the shop's promotions page) */
  myOffers: () => '/my-offers',
  order: (orderId: number | string) => `/orders/${orderId}`,
  checkout: (orderId: number | string) => `/checkout/${orderId}`,
  paymentConfirmation: () => '/payment/confirmationpage',
  addProduct: () => '/add-product',
  adminDashboard: () => '/admin',
  adminProducts: () => '/admin/products',
  /** the phone-first "New item" screen */
  newItem: () => '/admin/items/new',
  /** saved searches and the new-arrivals e-mail choice */
  accountAlerts: () => '/account/alerts',
  /** where the unsubscribe link of a new-arrivals e-mail lands (works signed out) */
  unsubscribe: () => '/unsubscribe',
  adminImportProducts: () => '/admin/products/import',
  adminOrders: () => '/admin/orders',
  adminDelivery: () => '/admin/delivery',
  adminDiscountCodes: () => '/admin/discount-codes',
  adminOrder: (id: number | string) => `/admin/orders/${id}`,
  adminNewOrder: () => '/admin/orders/new',
  /** paid (or pay-on-delivery) orders waiting to be shipped, oldest first */
  adminToShip: () => '/admin/to-ship',
  /** the printable packing slip of an order */
  adminOrderSlip: (id: number | string) => `/admin/orders/${id}/slip`,
  payLink: (token: string) => `/pay/${token}`,
  /** the link texted to a customer known only by phone, to set an e-mail and password */
  claimAccount: (token: string) => `/claim/${token}`,
  adminOffers: () => '/admin/offers',
  adminReturns: () => '/admin/returns',
  adminUserSecurityLog: (userId: number | string) => `/admin/users/${userId}/security`,
} as const;
