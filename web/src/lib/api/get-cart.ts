import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useAuth } from '@/lib/auth/use-auth';
import { api } from '@/lib/api-client';
import type { Cart as CartReply, CartItem as CartLine } from '@mtumba/contract/cart';
import { readGuestCart } from '@/lib/guest-store';

/** What the web app reads of a cart line (the reply's `product_id` and `line_total` are not used). */
export type CartItem = Pick<CartLine, 'id' | 'quantity' | 'product' | 'offer'>;

export interface Cart {
  cart_items: CartItem[];
}

/** GET /cart; the reply's list is `cart_items` (older servers said `cartItems`, docs/product.md section 3). */
export async function getCart(): Promise<Cart> {
  const data = await api.get<Partial<Pick<CartReply, 'cart_items' | 'cartItems'>> | null>('/cart');
  return { ...data, cart_items: data?.cart_items ?? data?.cartItems ?? [] };
}

export const cartKeys = {
  all: ['cart'] as const,
  mine: (userId: number | null) => ['cart', userId] as const,
};

/** A visitor's cart, kept in the browser: a line's id is its product's id. */
export async function getGuestCart(): Promise<Cart> {
  return {
    cart_items: readGuestCart().map((l) => ({ id: l.product_id, quantity: l.quantity, product: l.product })),
  };
}

export const cartQueryOptions = (userId: number | null) =>
  queryOptions({ queryKey: cartKeys.mine(userId), queryFn: userId === null ? getGuestCart : getCart });

/** The cart's query, made by <ShopperLists> for the whole app (lib/api/shopper-lists.tsx). */
export function useCartQuery() {
  const { isSignedIn, user } = useAuth();
  return useQuery({ ...cartQueryOptions(isSignedIn ? (user?.id ?? null) : null) });
}

/** How parts read the cart: <ShopperLists>' one query, or with none above them, a query of their own. */
export const CartReader = createContext<typeof useCartQuery>(useCartQuery);

/** The signed-in customer's cart, or a visitor's cart in this browser (docs/product.md section 3). */
export function useCart() {
  return useContext(CartReader)();
}

/** Pieces in the cart: the quantities summed (the navbar badge). */
export function cartItemCount(cart: Cart | undefined): number {
  return cart?.cart_items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
}

export function useCartCount(): number {
  return cartItemCount(useCart().data);
}

/** How many of each product the shopper has in the cart. */
export function useCartQuantities(): ReadonlyMap<number, number> {
  const { data } = useCart();
  return new Map(data?.cart_items.map((item) => [item.product.id, item.quantity]) ?? []);
}
