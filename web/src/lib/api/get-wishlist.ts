import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import { useAuth } from '@/lib/auth/use-auth';
import { api } from '@/lib/api-client';
import type { WishlistEntry as WishlistReplyEntry } from '@mtumba/contract/cart';
import { readGuestWishlist } from '@/lib/guest-store';

/** What the web app reads of a wishlist entry: the full product (categories, rating and review count included). */
export type WishlistEntry = Pick<WishlistReplyEntry, 'id' | 'product_id' | 'product'>;

export async function getWishlist(): Promise<WishlistEntry[]> {
  const data = await api.get<WishlistEntry[] | { data?: WishlistEntry[]; wishlist?: WishlistEntry[] } | null>(
    '/wishlist',
  );
  if (Array.isArray(data)) return data;
  return data?.wishlist ?? data?.data ?? [];
}

export const wishlistKeys = {
  all: ['wishlist'] as const,
  mine: (userId: number | null) => ['wishlist', userId] as const,
};

/** A visitor's wishlist, kept in the browser: an entry's id is its product's id. */
export async function getGuestWishlist(): Promise<WishlistEntry[]> {
  return readGuestWishlist().map((e) => ({ id: e.product_id, product_id: e.product_id, product: e.product }));
}

export const wishlistQueryOptions = (userId: number | null) =>
  queryOptions({ queryKey: wishlistKeys.mine(userId), queryFn: userId === null ? getGuestWishlist : getWishlist });

/** The wishlist's query, made by <ShopperLists> for the whole app (lib/api/shopper-lists.tsx). */
export function useWishlistQuery() {
  const { isSignedIn, user } = useAuth();
  return useQuery({ ...wishlistQueryOptions(isSignedIn ? (user?.id ?? null) : null) });
}

/** How parts read the wishlist: <ShopperLists>' one query, or with none above them, a query of their own. */
export const WishlistReader = createContext<typeof useWishlistQuery>(useWishlistQuery);

/** The signed-in customer's wishlist entries, or a visitor's in this browser (docs/product.md section 3). */
export function useWishlist() {
  return useContext(WishlistReader)();
}

/** Ids of the products in the wishlist, for 'In Wishlist' buttons. */
export function useWishlistProductIds(): ReadonlySet<number> {
  const { data } = useWishlist();
  return useMemo(() => new Set((data ?? []).map((entry) => entry.product_id)), [data]);
}

export function useWishlistCount(): number {
  return useWishlist().data?.length ?? 0;
}
