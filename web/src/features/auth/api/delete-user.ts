import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function deleteUser(): Promise<unknown> {
  return api.delete('/user');
}

export function useDeleteUser() {
  return useMutation({ mutationFn: deleteUser });
}
