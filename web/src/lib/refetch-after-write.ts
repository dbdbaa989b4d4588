import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a write, load the queries under `queryKey` again with new requests. `invalidateQueries`
 * alone would reuse a first load still in flight (TanStack Query only restarts a fetch that already
 * has data), and that load may have been answered before the write: a wishlist opened just before
 * the shopper tapped "Add to Wishlist" would then keep saying "Add to Wishlist".
 */
export async function refetchAfterWrite(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}
