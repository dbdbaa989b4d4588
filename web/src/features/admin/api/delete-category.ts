import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** DELETE /categories/{id}: the category goes; its products stay. */
export function deleteCategory(id: number): Promise<unknown> {
  return api.delete(`/categories/${id}`);
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => refetchAfterWrite(queryClient, adminKeys.all),
  });
}
