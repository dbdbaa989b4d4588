import type { QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { isGuest, readGuestCart, readGuestWishlist } from '@/lib/guest-store';
import { cartKeys, CartReader, useCartQuery, type Cart } from './get-cart';
import { useWishlistQuery, wishlistKeys, WishlistReader, type WishlistEntry } from './get-wishlist';

/**
 * The shopper's cart and wishlist, each read through one query for the whole app. Many parts of a
 * page read them: the top bar's counts, every product grid's buttons, the product page's. Each
 * reading made a query observer of its own, eight on a product page, and each costs the server's
 * renderer and the phone's hydration about as much as a small component (docs/performance.md,
 * "Server-rendered pages"). Here each query is made once and its result handed to the readers
 * (`useCart`, `useWishlist`); the query still tracks which of its fields they read, so a change
 * none of them shows draws nothing again. A part drawn with none of these above it (a component
 * test) makes its own queries.
 */
export function ShopperLists({ children }: { children: ReactNode }) {
  const cart = useCartQuery();
  const wishlist = useWishlistQuery();
  const readCart = useMemo(() => () => cart, [cart]);
  const readWishlist = useMemo(() => () => wishlist, [wishlist]);
  return (
    <CartReader.Provider value={readCart}>
      <WishlistReader.Provider value={readWishlist}>{children}</WishlistReader.Provider>
    </CartReader.Provider>
  );
}

/**
 * Before a page the server drew is hydrated: a visitor whose cart and wishlist in this browser are
 * empty starts with them known. The server drew the page with neither known, which shows the same
 * (no count, nothing in the cart); left unknown, their first reads would land just after hydration
 * and draw every part that reads them again at once, in one task (a query's answer reaches React
 * as a store update, which React never draws in slices). A visitor with something in either gets
 * it after hydration, as before.
 */
export function startEmptyGuestLists(client: QueryClient): void {
  if (!isGuest()) return;
  if (readGuestCart().length === 0) client.setQueryData<Cart>(cartKeys.mine(null), { cart_items: [] });
  if (readGuestWishlist().length === 0) client.setQueryData<WishlistEntry[]>(wishlistKeys.mine(null), []);
}
