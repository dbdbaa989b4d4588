import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { api } from '@/lib/api-client';
import type { Cart as CartReply, CartItem as CartLine } from '@mtumba/contract/cart';

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

export const cartQueryOptions = (userId: number | null) =>
  queryOptions({ queryKey: cartKeys.mine(userId), queryFn: getCart });

/** The signed-in customer's cart (disabled, no data, when signed out). */
export function useCart() {
  const { isSignedIn, user } = useAuth();
  return useQuery({ ...cartQueryOptions(user?.id ?? null), enabled: isSignedIn });
}

/** Pieces in the cart: the quantities summed (the navbar badge). */
export function cartItemCount(cart: Cart | undefined): number {
  return cart?.cart_items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
}

export function useCartCount(): number {
  return cartItemCount(useCart().data);
}

/** How many of each product the signed-in customer has in the cart (empty when signed out). */
export function useCartQuantities(): ReadonlyMap<number, number> {
  const { data } = useCart();
  return new Map(data?.cart_items.map((item) => [item.product.id, item.quantity]) ?? []);
}
