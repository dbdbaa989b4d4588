import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /user; the current password, when given, is checked first. */
export function deleteUser(input: { current_password?: string } = {}): Promise<unknown> {
  return api.delete('/user', input.current_password ? input : undefined);
}

export function useDeleteUser() {
  return useMutation({ mutationFn: deleteUser });
}
