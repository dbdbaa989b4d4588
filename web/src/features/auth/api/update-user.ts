import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from '@/lib/api-types';

export interface UpdateUserInput {
  name: string;
  email: string;
  current_password?: string;
  password?: string;
  password_confirmation?: string;
}

export function updateUser(input: UpdateUserInput): Promise<{ user: User; message?: string }> {
  return api.put('/user', input);
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser });
}
