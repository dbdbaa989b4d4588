import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportPreview, ImportResult } from '@mtumba/contract/insights';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

export interface ImportInput {
  file: File;
  photos: File[];
  createCategories: boolean;
}

function form(input: ImportInput, withPhotos: boolean): FormData {
  const data = new FormData();
  data.append('create_categories', input.createCategories ? '1' : '0');
  // the CSV goes first: the server reads it before the photos
  data.append('file', input.file);
  for (const photo of input.photos) {
    if (withPhotos) data.append('photos', photo);
    else data.append('photo_names', photo.name);
  }
  return data;
}

/** POST /admin/products/import/preview: every bad row and why; sends the photos' names only. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (input: ImportInput) =>
      apiRequest<ImportPreview>('/admin/products/import/preview', { method: 'POST', body: form(input, false) }).then(
        (r) => r.data,
      ),
  });
}

/** POST /admin/products/import: writes every row or none. */
export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportInput) =>
      apiRequest<ImportResult>('/admin/products/import', { method: 'POST', body: form(input, true) }).then(
        (r) => r.data,
      ),
    onSuccess: () => void refetchAfterWrite(queryClient, adminKeys.all),
  });
}
