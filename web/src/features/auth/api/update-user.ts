import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ProfileInput, ProfileUpdatedReply } from '@mtumba/contract/account';

export function updateUser(input: ProfileInput): Promise<ProfileUpdatedReply> {
  return api.put('/user', input);
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser });
}
