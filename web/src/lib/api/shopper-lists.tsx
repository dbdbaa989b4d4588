import { useMemo, type ReactNode } from 'react';
import { CartReader, useCartQuery } from './get-cart';
import { useWishlistQuery, WishlistReader } from './get-wishlist';

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
