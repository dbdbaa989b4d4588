import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@mtumba/contract/product';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** PUT /categories/{id} {name} → the renamed category. */
export function updateCategory({ id, name }: { id: number; name: string }): Promise<Category> {
  return api.put<Category>(`/categories/${id}`, { name });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    // Product rows show category names too.
    onSuccess: () => refetchAfterWrite(queryClient, adminKeys.all),
  });
}
