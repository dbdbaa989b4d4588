import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The reply: `deleted: false` when the server e-mailed a link to confirm instead (no password given). */
export interface DeleteUserReply {
  message?: string;
  deleted?: boolean;
  confirmation_sent?: boolean;
}

/** DELETE /user; the current password, when given, is checked first. */
export function deleteUser(input: { current_password?: string } = {}): Promise<DeleteUserReply | undefined> {
  return api.delete<DeleteUserReply | undefined>('/user', input.current_password ? input : undefined);
}

export function useDeleteUser() {
  return useMutation({ mutationFn: deleteUser });
}
