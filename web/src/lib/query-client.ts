import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      },
    },
  });
}

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
