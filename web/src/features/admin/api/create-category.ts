import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@mtumba/contract/product';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** POST /categories {name} → the new category (422 with errors.name when the name is taken or empty). */
export function createCategory(name: string): Promise<Category> {
  return api.post<Category>('/categories', { name });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => refetchAfterWrite(queryClient, adminKeys.categories()),
  });
}
