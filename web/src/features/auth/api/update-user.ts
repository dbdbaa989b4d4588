import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from '@mtumba/contract/account';
import type { ProfileInput } from '@mtumba/contract/account';

export type UpdateUserInput = ProfileInput;

export function updateUser(input: UpdateUserInput): Promise<{ user: User; message?: string }> {
  return api.put('/user', input);
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser });
}
