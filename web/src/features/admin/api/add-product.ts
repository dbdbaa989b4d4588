import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@mtumba/contract/product';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** POST /products as multipart from the simple Add New Product form, with the admin's bearer token. */
export function addProduct(form: FormData): Promise<Product> {
  return api.post<Product>('/products', form);
}

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    onSuccess: () => refetchAfterWrite(queryClient, adminKeys.products()),
  });
}
