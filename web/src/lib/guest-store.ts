import type { Product } from '@mtumba/contract/product';
import { ApiError } from './api-client';
import { getToken } from './auth-storage';

/**
 * A visitor's cart and wishlist, kept in this browser until they sign in or register
 * (docs/product.md section 3, "A visitor's cart and wishlist"); then they are merged into the
 * account with the account's own cart and wishlist calls, and cleared here.
 */

// The server's own words and limit (contract/cart's CART_MESSAGES.outOfStock and MAX_CART_QUANTITY),
// written out here: that module carries zod, which the home page's first download must not.
const outOfStockMessage = (name: string) => `"${name}" is out of stock.`;
export const MAX_CART_QUANTITY = 999;

const CART = 'guest_cart';
const WISHLIST = 'guest_wishlist';

/** What a guest cart line keeps of its product: what the cart shows. */
export type GuestProduct = Pick<Product, 'id' | 'name' | 'price' | 'image_url' | 'stock_quantity'>;

export interface GuestCartLine {
  product_id: number;
  quantity: number;
  product: GuestProduct;
}

export interface GuestWishlistEntry {
  product_id: number;
  product: Product;
}

/** Whether the cart and wishlist calls go to the browser (no one signed in) rather than the server. */
export function isGuest(): boolean {
  return getToken() === null;
}

function read<T>(key: string): T[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

function write<T>(key: string, list: T[]): void {
  if (list.length === 0) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(list));
}

export const readGuestCart = (): GuestCartLine[] =>
  read<GuestCartLine>(CART).filter((l) => Number.isInteger(l?.product_id) && l.quantity > 0 && l.product);
export const writeGuestCart = (lines: GuestCartLine[]): void => write(CART, lines);
export const readGuestWishlist = (): GuestWishlistEntry[] =>
  read<GuestWishlistEntry>(WISHLIST).filter((e) => Number.isInteger(e?.product_id) && e.product);
export const writeGuestWishlist = (entries: GuestWishlistEntry[]): void => write(WISHLIST, entries);

/**
 * Refused as the server refuses: more than is in stock (422 with the stock left). The words are
 * English unless given (guest-store-add.ts gives them in the page's language: this module is in
 * the home page's first download, which has no room for a catalog).
 */
export function outOfStock(
  product: { name: string; stock_quantity: number },
  message = outOfStockMessage(product.name),
): ApiError {
  return new ApiError(422, { message, errors: { quantity: [message] }, stock_quantity: product.stock_quantity });
}

export function setGuestCartQuantity(productId: number, quantity: number): void {
  const lines = readGuestCart();
  const line = lines.find((l) => l.product_id === productId);
  if (line && quantity > line.product.stock_quantity) {
    throw outOfStock(line.product);
  }
  writeGuestCart(lines.map((l) => (l.product_id === productId ? { ...l, quantity } : l)));
}

export function removeFromGuestCart(productId: number): void {
  writeGuestCart(readGuestCart().filter((l) => l.product_id !== productId));
}

export function removeFromGuestWishlist(productId: number): void {
  writeGuestWishlist(readGuestWishlist().filter((e) => e.product_id !== productId));
}
