import type { Product } from '@mtumba/contract/product';
import { apiRequest } from './api-client';
import {
  MAX_CART_QUANTITY,
  outOfStock,
  readGuestCart,
  readGuestWishlist,
  writeGuestCart,
  writeGuestWishlist,
  type GuestProduct,
} from './guest-store';
import messages from '@/i18n/catalogs/en/ui-extra.json';
import { tOf } from '@/i18n';

// Adding to a visitor's cart or wishlist asks the shop for the product first. Loaded on a
// visitor's first tap (lib/api/add-to-cart.ts, add-to-wishlist.ts), not with the first page.

/**
 * The product as the shop sells it now (the public product call): price and stock are the server's,
 * never the copy the service worker keeps for reading offline (no-store: without a signal this
 * fails and the add waits for the signal, lib/offline).
 */
async function fetchProduct(productId: number): Promise<Product> {
  return (await apiRequest<Product>(`/products/${productId}`, { cache: 'no-store' })).data;
}

/** Adds to the guest cart, never beyond the stock the shop has now. */
export async function addToGuestCart(productId: number, quantity: number): Promise<void> {
  const product = await fetchProduct(productId);
  const lines = readGuestCart();
  const line = lines.find((l) => l.product_id === productId);
  const wanted = (line?.quantity ?? 0) + quantity;
  if (product.stock_quantity <= 0 || wanted > product.stock_quantity) {
    throw outOfStock(product, tOf(messages)('ui.outOfStock', { name: product.name }));
  }
  const snapshot: GuestProduct = {
    id: product.id,
    name: product.name,
    price: product.price,
    image_url: product.image_url,
    stock_quantity: product.stock_quantity,
  };
  const next = Math.min(wanted, MAX_CART_QUANTITY);
  writeGuestCart(
    line
      ? lines.map((l) => (l.product_id === productId ? { ...l, quantity: next, product: snapshot } : l))
      : [...lines, { product_id: productId, quantity: next, product: snapshot }],
  );
}

export async function addToGuestWishlist(productId: number): Promise<void> {
  const entries = readGuestWishlist();
  if (entries.some((e) => e.product_id === productId)) return;
  const product = await fetchProduct(productId);
  writeGuestWishlist([...readGuestWishlist(), { product_id: productId, product }]);
}
