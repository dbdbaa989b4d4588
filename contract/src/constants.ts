/** Business constants and limits (docs/product.md section 9), one place for server and web. */
export const CURRENCY = 'KES';

export const SHIPPING_OPTIONS = ['CBD Delivery', 'Paid custom delivery'] as const;
export type ShippingOption = (typeof SHIPPING_OPTIONS)[number];

export const OFFERS = {
  bulk: { minItems: 3, discountCents: 50_00, label: 'Bulk Discount - Ksh 50 off' },
  welcome: { percent: 10, label: 'WELCOME10 - 10% Off First Order' },
  freeDelivery: { aboveCents: 1000_00, label: 'Free CBD Delivery - Orders above Ksh 1000' },
  cbdDeliveryFeeCents: 50_00,
} as const;

/** The label of the admin's own discount on a manual order (its reason is kept on the order). */
export const SHOP_DISCOUNT_LABEL = 'Shop discount';

export const PRODUCT_CONDITIONS = ['new with tags', 'like new', 'good', 'fair'] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];

export const LIMITS = {
  pageSize: 20,
  featuredCount: 8,
  maxPerPage: 100,
  maxImages: 4,
  maxImageBytes: 5 * 1024 * 1024,
  reviewTextMax: 1000,
  ratingMin: 1,
  ratingMax: 5,
  passwordMin: 8,
  searchMinChars: 2,
  searchMaxResults: 10,
} as const;

export const TIMINGS = {
  searchDebounceMs: 300,
  toastMs: 3000,
  registerRedirectMs: 2500,
  forgotResetRedirectMs: 3000,
  bannerMs: 3000,
  stockToastShortMs: 2000,
  stockToastLongMs: 4000,
  pageFadeMs: 300,
  carouselIntervalMs: 5000,
  categoryScrollStep: 0.7,
} as const;
