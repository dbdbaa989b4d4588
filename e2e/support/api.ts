import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { linkIn, waitForMail } from './mailbox';
import { ADMIN } from './shop';

/**
 * Test data through the shop's real HTTP API: accounts (registered and verified through the real
 * mailbox), categories and products made by the admin, carts, orders and sandbox payments.
 * Every helper takes the shop's base URL last, so the extra shop of the expiry journey works too.
 */

export const shopUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright (global-setup starts the shop)');
  return url;
};

export const mailboxDir = (): string => {
  const dir = process.env.E2E_MAILBOX;
  if (!dir) throw new Error('E2E_MAILBOX is not set');
  return dir;
};

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  is_admin: boolean;
  email_verified?: boolean;
}

export interface Session {
  token: string;
  user: SessionUser;
  email: string;
  password: string;
  base: string;
}

export interface Category {
  id: number;
  name: string;
}

export interface Product {
  id: number;
  name: string;
  price: number;
  stock_quantity: number;
  image_url: string | null;
  images: { id: number; image_url: string }[];
  categories: Category[];
  brand?: string | null;
  review_count?: number;
}

export interface Order {
  id: number;
  order_status: string;
  payment_status: string;
  total_amount: number;
}

export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body)}`);
  }
}

/** A short unique tag for names and e-mail addresses, so parallel specs never collide. */
export function uniqueTag(): string {
  return randomUUID().slice(0, 8);
}

export async function call<T>(
  method: string,
  path: string,
  options: { token?: string; json?: unknown; base?: string } = {},
): Promise<T> {
  const base = options.base ?? shopUrl();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await res.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) throw new ApiCallError(res.status, body, `${method} ${path}`);
  return body as T;
}

export async function signIn(email: string, password: string, base = shopUrl()): Promise<Session> {
  const reply = await call<{ token: string; user: SessionUser }>('POST', '/login', {
    json: { email, password },
    base,
  });
  return { token: reply.token, user: reply.user, email, password, base };
}

export function adminSession(base = shopUrl()): Promise<Session> {
  return signIn(ADMIN.email, ADMIN.password, base);
}

/** Opens the verification link of the newest verification e-mail to `email`. */
export async function verifyThroughMailbox(email: string, after: number): Promise<void> {
  const mail = await waitForMail(mailboxDir(), email, /verify/i, { after });
  const res = await fetch(linkIn(mail, '/api/email/verify'), { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  if (!location.includes('verified=1')) throw new Error(`the verification link did not verify: ${location}`);
}

/** A new customer, registered through the API and (unless told otherwise) verified by the e-mailed link. */
export async function registerCustomer(
  options: { name?: string; verified?: boolean; base?: string; tag?: string } = {},
): Promise<Session> {
  const base = options.base ?? shopUrl();
  const tag = options.tag ?? uniqueTag();
  const name = options.name ?? `Shopper ${tag}`;
  const email = `shopper-${tag}@e2e.test`;
  const password = `pass-${tag}-word`;
  const started = Date.now() - 1000;
  await call('POST', '/register', {
    json: { name, email, password, password_confirmation: password },
    base,
  });
  if (options.verified !== false) await verifyThroughMailbox(email, started);
  return signIn(email, password, base);
}

/**
 * Signs the browser in as `session` the way the web app does it (token and user in local storage),
 * before any page script runs. Only the first page load is seeded, so a later logout sticks.
 */
export async function useSession(target: Page | BrowserContext, session: Session): Promise<void> {
  await target.addInitScript(
    ({ token, user, origin }) => {
      if (window.location.origin !== origin) return;
      const marker = 'e2e-session-seeded';
      if (sessionStorage.getItem(marker) === token) return;
      sessionStorage.setItem(marker, token);
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: session.token, user: session.user, origin: new URL(session.base).origin },
  );
}

export function createCategory(admin: Session, name: string): Promise<Category> {
  return call<Category>('POST', '/categories', { token: admin.token, json: { name }, base: admin.base });
}

export function createProduct(
  admin: Session,
  product: {
    name: string;
    price: number;
    stock_quantity: number;
    categories: number[];
    description?: string;
    brand?: string;
  },
): Promise<Product> {
  return call<Product>('POST', '/products', {
    token: admin.token,
    json: { description: `${product.name}, pre-loved and in good shape.`, ...product },
    base: admin.base,
  });
}

export function getProduct(id: number, base = shopUrl()): Promise<Product> {
  return call<Product>('GET', `/products/${id}`, { base });
}

export async function addToCart(customer: Session, productId: number, quantity = 1): Promise<void> {
  await call('POST', '/cart/add', {
    token: customer.token,
    json: { product_id: productId, quantity },
    base: customer.base,
  });
}

export async function placeOrder(
  customer: Session,
  items: { product_id: number; quantity: number }[],
  shipping: 'CBD Delivery' | 'Paid custom delivery' = 'CBD Delivery',
): Promise<Order> {
  const reply = await call<{ order: Order }>('POST', '/orders', {
    token: customer.token,
    json: { items, shipping_address: shipping, shipping_phone: '0712345678', discount_code: null },
    base: customer.base,
  });
  return reply.order;
}

/** Pays an order on the sandbox payment page the way its form does (M-Pesa, success). */
export async function payOrder(customer: Session, orderId: number): Promise<void> {
  const { checkout_url } = await call<{ checkout_url: string }>('POST', '/payments/initiate', {
    token: customer.token,
    json: { order_id: orderId },
    base: customer.base,
  });
  const res = await fetch(new URL(checkout_url, customer.base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method: 'mpesa', phone: '0712345678', outcome: 'success' }).toString(),
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`the sandbox payment answered ${res.status}`);
  const order = await call<Order>('GET', `/orders/${orderId}`, { token: customer.token, base: customer.base });
  if (order.payment_status !== 'paid') throw new Error(`order ${orderId} is ${order.payment_status} after paying`);
}

/** A category and one product in it, made by the admin; `stock` defaults to 1 (one of a kind). */
export async function freshProduct(
  admin: Session,
  options: { label: string; price?: number; stock?: number; tag?: string },
): Promise<{ category: Category; product: Product }> {
  const tag = options.tag ?? uniqueTag();
  const category = await createCategory(admin, `E2E ${options.label} ${tag}`);
  const product = await createProduct(admin, {
    name: `${options.label} ${tag}`,
    price: options.price ?? 500,
    stock_quantity: options.stock ?? 1,
    categories: [category.id],
  });
  return { category, product };
}
