import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { PaymentStatus } from '@mtumba/contract/order-states';
import type { ReturnKind, ReturnOutcome, ReturnReason, ReturnStatus, WriteOffReason } from '@mtumba/contract/returns';

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
  /** 1 when the customer asked for new-arrival drop e-mails */
  new_arrivals_emails: ColumnType<number, number | undefined, number>;
  /** when the customer proved the phone is theirs (an SMS code); null until then */
  phone_verified_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** the phone the cart fills in */
  default_phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** a Kenyan mobile number in E.164 form, set when the shop created the account for a manual order */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when the customer asked for price-drop and back-on-sale alerts on wished-for and carted items */
  wishlist_alert_emails: ColumnType<number, number | undefined, number>;
  /** 1 when the customer asked for a reminder about a cart left for a day */
  cart_reminder_emails: ColumnType<number, number | undefined, number>;
  /** when the last cart reminder was claimed (one per cart change) */
  cart_reminded_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** 'en' | 'sw': the language of the shop's e-mails and texts to this customer (migration 0150) */
  language: ColumnType<string, string | undefined, string>;
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
  /** 'claim_account': a phone-only customer's link, texted; `email` holds the account's stand-in address */
  purpose: 'verify_email' | 'reset_password' | 'cancel_email_change' | 'delete_account' | 'claim_account';
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
  /** JSON text of cm values by measurement (migration 0096), or null */
  measurements: string | null;
  flaws: string | null;
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
  /** draft | scheduled | published: only published products are shown to shoppers (migration 0070) */
  status: ColumnType<ProductStatus, ProductStatus | undefined, ProductStatus>;
  /** when a scheduled product goes on sale */
  publish_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  published_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** set when published through the shop: a drop e-mail may announce it from this time on */
  announce_after: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** set once a drop announced it (or it was never to be announced) */
  announced_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export type ProductStatus = 'draft' | 'scheduled' | 'published';

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
  /** the price the price-drop alert last saw (null until it first looks) */
  alert_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One item (or cart reminder: no product) an alert e-mail named (docs/product.md, Shopper alerts). */
export interface AlertSendsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number | null;
  /** 'price_drop' | 'back_on_sale' | 'cart_reminder' */
  kind: string;
  sent_at: Timestamp;
}

/** How far a job has read a log (the back-on-sale alert's place in the stock ledger). */
export interface AlertCursorsTable {
  name: string;
  last_id: number;
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
  /** the delivery method chosen (null on older orders, or once the method is gone) */
  delivery_method_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON copy of the delivery when the order was placed (method, address or pickup point, estimate) */
  delivery_details: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'online' | 'pay_on_delivery' */
  payment_method: ColumnType<
    'online' | 'pay_on_delivery',
    'online' | 'pay_on_delivery' | undefined,
    'online' | 'pay_on_delivery'
  >;
  /** where a manual order's sale was made ('whatsapp', 'phone', 'live', 'in_shop'); null: the online shop */
  sales_channel: ColumnType<string | null, string | null | undefined, string | null>;
  /** the admin's own discount on a manual order (part of discount_cents), and why */
  shop_discount_cents: ColumnType<number, number | undefined, number>;
  shop_discount_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** until when a manual order's pay link works; the order holds its items that long */
  pay_link_expires_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** the source the shopper first arrived with ('whatsapp', 'instagram', 'google', …); null: none known */
  source: ColumnType<string | null, string | null | undefined, string | null>;
  /** the rider or courier who took the parcel, the courier's waybill and the shop's note to the customer */
  shipping_carrier: ColumnType<string | null, string | null | undefined, string | null>;
  tracking_number: ColumnType<string | null, string | null | undefined, string | null>;
  shipping_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** when the order was shipped (by the ship action or a status change) */
  shipped_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** 'en' | 'sw': the language the order was placed in; its e-mails and texts use it (migration 0150) */
  language: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A discount code the admin manages (docs/product.md, discount codes). */
export interface DiscountCodesTable {
  id: Generated<number>;
  code: string;
  /** the code in upper case (unique) */
  code_key: string;
  kind: 'percent' | 'fixed';
  /** percent: 1 to 100; fixed: cents */
  amount: number;
  min_spend_cents: ColumnType<number, number | undefined, number>;
  first_order_only: Flag;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  /** JSON array of category ids; empty: every item */
  category_ids: string;
  is_active: Flag;
  /** uses by live orders (a cancelled or expired order gives its use back) */
  uses: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A customer's uses of a code (the per-customer limit's counter). */
export interface DiscountCodeCustomersTable {
  code_id: number;
  user_id: number;
  uses: ColumnType<number, number | undefined, number>;
}

/** The code an order used, the terms it was given, and whether its use was given back. */
export interface DiscountRedemptionsTable {
  order_id: number;
  code_id: number;
  user_id: number | null;
  terms: string;
  discount_cents: number;
  released_at: Timestamp | null;
  created_at: Timestamp;
}

/** Arrivals from each source per Nairobi day (the first page of a shopper who came from it). */
export interface SourceVisitsTable {
  day: string;
  source: string;
  visits: ColumnType<number, number | undefined, number>;
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
  /** the return whose item this movement put back on sale or wrote off */
  return_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A return beside its order (docs/product.md, Returns and refused deliveries). */
export interface OrderReturnsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number | null;
  kind: ReturnKind;
  status: ReturnStatus;
  /** the customer's reason (a customer return), from RETURN_REASONS */
  reason: ReturnReason | null;
  /** the customer's note, or the shop's note on a refused or failed delivery */
  note: string | null;
  /** the shop's note to the customer when it approved or declined */
  shop_note: string | null;
  refunded_cents: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReturnItemsTable {
  id: Generated<number>;
  return_id: number;
  order_item_id: number;
  /** the order line while the return is not declined (unique: one live return per line) */
  open_order_item_id: number | null;
  product_id: number | null;
  quantity: number;
  unit_price_cents: number;
  outcome: ReturnOutcome | null;
  write_off_reason: WriteOffReason | null;
  /** set once: an item is received (restocked or written off) once */
  received_at: Timestamp | null;
}

/** A customer's photo of a returned item: the image files are `{file_key}-{width}.webp` as a product's. */
export interface ReturnPhotosTable {
  id: Generated<number>;
  return_id: number;
  file_key: string;
  created_at: Timestamp;
}

export interface ReturnHistoryTable {
  id: Generated<number>;
  return_id: number;
  move: string;
  from_status: ReturnStatus | null;
  to_status: ReturnStatus;
  actor: string;
  actor_user_id: number | null;
  note: string | null;
  created_at: Timestamp;
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
  /** where the payment page sends the buyer back (a pay link's page); null: the confirmation page */
  return_path: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 'checkout' (hosted page), 'mpesa_prompt' (STK push to a phone) */
  kind: ColumnType<PaymentKind, PaymentKind | undefined, PaymentKind>;
  /** the phone an M-Pesa prompt went to, E.164 (+2547…) */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** the provider's failure code (M-Pesa's result code, e.g. 1032), kept raw beside failure_reason */
  failure_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** the M-Pesa receipt code of a completed payment, when the provider gives it */
  receipt: ColumnType<string | null, string | null | undefined, string | null>;
  /** when the phone stops showing the prompt */
  prompt_expires_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** when the poller next asks the provider about this pending prompt; null: not polled */
  next_poll_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  poll_count: ColumnType<number, number | undefined, number>;
}

export type PaymentKind = 'checkout' | 'mpesa_prompt';

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
  /** set by the one-click unsubscribe; only a confirmed subscription again clears it */
  unsubscribed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** when the address followed its confirmation link; null: it receives nothing */
  confirmed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** SHA-256 of the pending confirmation link's secret; null once used */
  confirm_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** when the last confirmation e-mail was queued */
  confirm_sent_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** One new-arrivals e-mail round: the products it announced (JSON array of ids). */
export interface DropsTable {
  id: Generated<number>;
  created_at: Timestamp;
  product_ids: string;
  recipient_count: ColumnType<number, number | undefined, number>;
}

/** Who got a drop: the primary key (drop, address) keeps it to one e-mail each. */
export interface DropRecipientsTable {
  drop_id: number;
  email: string;
}

export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: number;
  category_id: number | null;
  q: string | null;
  size: string | null;
  max_price_cents: number | null;
  criteria_key: string;
  created_at: Timestamp;
}

/** A customer was told about a product (once per customer and product). */
export interface SavedSearchAlertsTable {
  user_id: number;
  product_id: number;
  saved_search_id: number | null;
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
  /** JSON object of extra headers (List-Unsubscribe), or null */
  headers: ColumnType<string | null, string | null | undefined, string | null>;
  /** a worker claims a message by setting this; another instance skips it until it passes */
  locked_until: Timestamp | null;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
}

/** Text messages waiting to be sent (or sent): the mail outbox's twin for SMS. */
export interface SmsOutboxTable {
  id: Generated<number>;
  /** E.164, +2547… */
  to_phone: string;
  message: string;
  /** a short name of the message kind, e.g. 'phone_code', 'order_paid' */
  template: string;
  status: MailStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  provider_message_id: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
}

/** A phone or browser that asked for Web Push notifications (one row per push-service endpoint). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** the push service's address for this browser; unique */
  endpoint: string;
  /** the browser's P-256 public key (base64url) the payload is encrypted to */
  p256dh: string;
  /** the browser's 16-byte auth secret (base64url) */
  auth: string;
  created_at: Timestamp;
  /** when the push service last took a notification for it */
  last_success_at: Timestamp | null;
}

/** A notification waiting for (or done with) its push service, one per subscription. */
export interface PushOutboxTable {
  id: Generated<number>;
  subscription_id: number;
  /** the JSON the service worker shows: {title, body, url, tag} */
  payload: string;
  /** a short name of the notification kind, e.g. 'order_shipped', 'admin_order_paid' */
  template: string;
  status: MailStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
}

/** A one-time code sent by SMS to prove a customer owns a phone; verified_at set once it was typed. */
export interface PhoneVerificationsTable {
  id: Generated<number>;
  user_id: number;
  phone: string;
  /** SHA-256 of the user id and the code, never the code itself */
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  verified_at: Timestamp | null;
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
  /** summed: goes up with the demand trending ranks by (order lines, order status, wishlist adds) */
  demand_version: number;
  /** summed: goes up with the words search knows (categories; products' brand, size, colour) */
  terms_version: number;
  /** summed: goes up with a product's stock-only change that does not bring it back into stock */
  stock_version: number;
  /** summed: goes up when products go on sale with no other change (migration 0190) */
  arrivals_version: number;
}

/** How many times a product of the category went on sale with no other change (migration 0190). */
export interface CategoryArrivalsTable {
  category_id: number;
  version: number;
}

export type DeliveryKind = 'pickup' | 'doorstep' | 'courier';

/** A way the shop delivers, managed by the admin; `zones` is a JSON array of `{ name, fee_cents }`. */
export interface DeliveryMethodsTable {
  id: Generated<number>;
  name: string;
  kind: DeliveryKind;
  fee_cents: number;
  free_over_cents: number | null;
  zones: string;
  pickup_address: string | null;
  pickup_hours: string | null;
  hold_days: number | null;
  min_days: number;
  max_days: number;
  note: string | null;
  is_active: Flag;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One of a customer's saved delivery addresses. */
export interface UserAddressesTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  zone: string | null;
  address_line: string;
  landmark: string | null;
  is_default: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DB {
  delivery_methods: DeliveryMethodsTable;
  user_addresses: UserAddressesTable;
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
  order_returns: OrderReturnsTable;
  return_items: ReturnItemsTable;
  return_history: ReturnHistoryTable;
  return_photos: ReturnPhotosTable;
  refunds: RefundsTable;
  payments: PaymentsTable;
  payment_notifications: PaymentNotificationsTable;
  reviews: ReviewsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  mail_outbox: MailOutboxTable;
  security_events: SecurityEventsTable;
  sms_outbox: SmsOutboxTable;
  phone_verifications: PhoneVerificationsTable;
  catalogue_state: CatalogueStateTable;
  category_arrivals: CategoryArrivalsTable;
  drops: DropsTable;
  drop_recipients: DropRecipientsTable;
  saved_searches: SavedSearchesTable;
  saved_search_alerts: SavedSearchAlertsTable;
  source_visits: SourceVisitsTable;
  alert_sends: AlertSendsTable;
  alert_cursors: AlertCursorsTable;
  discount_codes: DiscountCodesTable;
  discount_code_customers: DiscountCodeCustomersTable;
  discount_redemptions: DiscountRedemptionsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type Order = Selectable<OrdersTable>;
export type PriceOffer = Selectable<PriceOffersTable>;
export type OrderReturn = Selectable<OrderReturnsTable>;
export type ReturnItem = Selectable<ReturnItemsTable>;
export type OrderItem = Selectable<OrderItemsTable>;
export type Payment = Selectable<PaymentsTable>;
export type Review = Selectable<ReviewsTable>;
export type Category = Selectable<CategoriesTable>;
export type DeliveryMethod = Selectable<DeliveryMethodsTable>;
export type DiscountCode = Selectable<DiscountCodesTable>;
export type UserAddress = Selectable<UserAddressesTable>;
