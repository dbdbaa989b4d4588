import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { PaymentStatus } from '@mtumba/contract/order-states';

/**
 * The data model. Conventions, the same on SQLite and PostgreSQL:
 * - money is integer cents (`*_cents`); it is formatted only at the edges;
 * - timestamps are ISO-8601 UTC strings written by the application (`new Date().toISOString()`),
 *   stored as text on SQLite and timestamptz on PostgreSQL (read back as ISO strings);
 * - flags are integers 0/1 (`is_*`), because SQLite has no boolean type.
 */
type Timestamp = string;
type Flag = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string | null;
  is_admin: Flag;
  email_verified_at: Timestamp | null;
  google_sub: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** a new address waiting for its verification link to be followed; `email` stays until then */
  pending_email: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'password' | 'google' | 'register' | 'reset' */
  signed_in_with: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Single-use tokens sent by e-mail: purpose 'verify_email' or 'reset_password'. */
export interface OneTimeTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'verify_email' | 'reset_password' | 'cancel_email_change';
  token_hash: string;
  email: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  /** lower-cased name, unique: category names are unique case-insensitively */
  name_key: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ProductCondition = 'new with tags' | 'like new' | 'good' | 'fair';

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: string;
  price_cents: number;
  stock_quantity: number;
  /** the price before a reduction; absent on older rows */
  compare_at_price_cents?: number | null;
  /** the admin takes offers on this item (docs/product.md, Make an offer) */
  negotiable: Flag;
  /** units held off the shelf for accepted offers; written only by the stock ledger */
  held_quantity: Flag;
  size: string | null;
  brand: string | null;
  condition: ProductCondition | null;
  color: string | null;
  is_featured: Flag;
  is_trending: Flag;
  /** lower-cased name, brand and description, for case-insensitive matching on both databases */
  search_text: string;
  /** denormalised from reviews, kept by the review service */
  review_count: Generated<number>;
  rating_sum: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

/** One uploaded image; its files are `{file_key}-{width}.webp` in the upload directory. */
export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  file_key: string;
  width: number | null;
  height: number | null;
  created_at: Timestamp;
}

export interface ProductCategoriesTable {
  product_id: number;
  category_id: number;
}

export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  quantity: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WishlistItemsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  created_at: Timestamp;
}

export type OrderStatus = 'pending' | 'processing' | 'shipped' | 'delivered' | 'cancelled';
export type { PaymentStatus } from '@mtumba/contract/order-states';

export interface OrdersTable {
  id: Generated<number>;
  /** null once the customer deleted their account: the order stays for the shop's books */
  user_id: number | null;
  order_status: OrderStatus;
  payment_status: PaymentStatus;
  subtotal_cents: number;
  discount_cents: number;
  delivery_fee_cents: number;
  total_cents: number;
  /** JSON array of the offer labels applied */
  applied_discounts: string;
  shipping_address: string;
  shipping_phone: string | null;
  discount_code: string | null;
  reserved_until: Timestamp | null;
  /** set once when the reserved stock went back on sale: restocking happens once */
  stock_released_at: Timestamp | null;
  cancel_requested_at: Timestamp | null;
  paid_at: Timestamp | null;
  /** set when starting a payment extended the reservation: that happens once per order */
  reservation_extended_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** the customer's id while this order holds the first-order offer (unique: one such order each) */
  welcome_claim_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  cancel_request_resolved_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** 'approved' | 'declined' */
  cancel_request_outcome: ColumnType<string | null, string | null | undefined, string | null>;
  /** the shop's note to the customer when it declined the request */
  cancel_request_note: ColumnType<string | null, string | null | undefined, string | null>;
  refunded_cents: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  /** snapshots taken when the order was placed */
  product_name: string;
  product_image_key: string | null;
  unit_price_cents: number;
  quantity: number;
}

export interface OrderHistoryTable {
  id: Generated<number>;
  order_id: number;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  /** 'customer' | 'admin' | 'system' | 'payment' */
  actor: string;
  actor_user_id: number | null;
  note: string | null;
  /** the lifecycle move that made this entry (null on entries older than the move table) */
  move: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** One change of a product's stock: the ledger behind `products.stock_quantity`. */
export interface StockMovementsTable {
  id: Generated<number>;
  product_id: number;
  change: number;
  stock_after: number;
  /** 'opening_balance' | 'created' | 'reserve' | 'release' | 'admin_adjustment' */
  reason: string;
  order_id: number | null;
  actor: string;
  actor_user_id: number | null;
  note: string | null;
  created_at: Timestamp;
  /** the accepted offer whose hold this movement took, released or handed to an order */
  offer_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type PriceOfferStatus = 'open' | 'countered' | 'accepted' | 'ordered' | 'declined' | 'expired';

/** A customer's offer on one item, and the shop's answers (docs/product.md, Make an offer). */
export interface PriceOffersTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  status: PriceOfferStatus;
  /** the product's price when the offer was made */
  list_price_cents: number;
  /** the customer's latest price */
  offer_cents: number;
  /** the shop's latest counter, if any */
  counter_cents: number | null;
  /** the price both agreed on, once accepted */
  agreed_cents: number | null;
  /** counters made so far, by either side */
  rounds: number;
  /** who spoke last: 'customer' | 'shop' | 'system' */
  last_by: string;
  /** the shop's note, or why the offer was declined */
  note: string | null;
  hold_until: Timestamp | null;
  order_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  amount_cents: number;
  /** 'mpesa' | 'card' | 'cash' */
  method: string;
  reference: string | null;
  note: string | null;
  actor_user_id: number | null;
  created_at: Timestamp;
}

export type PaymentRecordStatus = 'pending' | 'paid' | 'failed';

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  reference: string;
  provider: string;
  status: PaymentRecordStatus;
  amount_cents: number;
  currency: string;
  method: string | null;
  checkout_url: string | null;
  provider_checkout_id: string | null;
  provider_invoice_id: string | null;
  failure_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Every notification received from a provider; event_key makes handling idempotent. */
export interface PaymentNotificationsTable {
  id: Generated<number>;
  provider: string;
  event_key: string;
  payment_id: number | null;
  state: string;
  payload: string;
  created_at: Timestamp;
}

export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  rating: number;
  review_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  created_at: Timestamp;
}

export type MailStatus = 'pending' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  /** a short name of the message kind, e.g. 'verify_email', 'order_paid' */
  template: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: Timestamp;
  /** a worker claims a message by setting this; another instance skips it until it passes */
  locked_until: Timestamp | null;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
}

/** The security log: sign-ins, account changes, session revocations, admin changes. */
export interface SecurityEventsTable {
  id: Generated<number>;
  /** whose account the event concerns (for admin catalogue changes: the admin) */
  user_id: number | null;
  /** who did it, when not the account owner (an admin), else the owner or null */
  actor_id: number | null;
  kind: string;
  /** JSON object with a few facts (never a password, token or link) */
  detail: string | null;
  ip: string | null;
  created_at: Timestamp;
}

/** A few rows kept by triggers; each column counts as its sum: see migration 0020 and docs/performance.md. */
export interface CatalogueStateTable {
  id: number;
  /** summed: goes up with every write a public catalogue reply shows */
  version: number;
  /** summed: products that are not soft-deleted */
  live_products: number;
}

export interface DB {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  one_time_tokens: OneTimeTokensTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_categories: ProductCategoriesTable;
  cart_items: CartItemsTable;
  wishlist_items: WishlistItemsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_history: OrderHistoryTable;
  stock_movements: StockMovementsTable;
  price_offers: PriceOffersTable;
  refunds: RefundsTable;
  payments: PaymentsTable;
  payment_notifications: PaymentNotificationsTable;
  reviews: ReviewsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  mail_outbox: MailOutboxTable;
  security_events: SecurityEventsTable;
  catalogue_state: CatalogueStateTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type Order = Selectable<OrdersTable>;
export type PriceOffer = Selectable<PriceOffersTable>;
export type OrderItem = Selectable<OrderItemsTable>;
export type Payment = Selectable<PaymentsTable>;
export type Review = Selectable<ReviewsTable>;
export type Category = Selectable<CategoriesTable>;
