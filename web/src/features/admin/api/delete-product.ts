import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** DELETE /products/{id}: the product leaves the shop; orders keep showing it. */
export function deleteProduct(id: number): Promise<unknown> {
  return api.delete(`/products/${id}`);
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => refetchAfterWrite(queryClient, adminKeys.products()),
  });
}
