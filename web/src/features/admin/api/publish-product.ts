import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@mtumba/contract/product';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** PUT /products/{id} with `status: published`: a draft or scheduled item goes on sale now. */
export function publishProduct(id: number): Promise<Product> {
  return api.put<Product>(`/products/${id}`, { status: 'published' });
}

export function usePublishProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishProduct,
    onSuccess: () => refetchAfterWrite(queryClient, adminKeys.products()),
  });
}
