import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMAGE_TOO_LARGE_MESSAGE, type Product } from '@mtumba/contract/product';
import { adminKeys } from './admin-keys';
import { xhrRequest } from './xhr-request';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

export interface SaveProductInput {
  /** the multipart form (see productFormData); it carries `_method=PUT` when editing */
  form: FormData;
  /** the product being edited; without it a new product is created */
  productId?: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /products (create, 201) or POST /products/{id} with `_method=PUT` (update: new images
 * replace the set, none keeps it). Multipart, with upload progress.
 */
export function saveProduct({ form, productId, onProgress, signal }: SaveProductInput): Promise<Product> {
  const path = productId === undefined ? '/products' : `/products/${productId}`;
  return xhrRequest<Product>(path, {
    method: 'POST',
    body: form,
    onProgress,
    signal,
    tooLargeMessage: IMAGE_TOO_LARGE_MESSAGE,
  });
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: () => refetchAfterWrite(queryClient, adminKeys.products()),
  });
}
