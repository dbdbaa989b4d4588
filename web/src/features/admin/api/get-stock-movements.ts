import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import type { StockMovement, StockMovementList } from '@mtumba/contract/product';

export type { StockMovement };

/** GET /admin/products/{id}/stock-movements; null when the server has no such call (404). */
export async function getStockMovements(productId: number): Promise<StockMovement[] | null> {
  try {
    const reply = await api.get<StockMovementList>(`/admin/products/${productId}/stock-movements`);
    return reply?.data ?? [];
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function useStockMovements(productId: number | undefined) {
  return useQuery({
    queryKey: [...adminKeys.products(), 'stock-movements', productId],
    queryFn: () => getStockMovements(productId!),
    enabled: productId !== undefined,
    retry: false,
  });
}
