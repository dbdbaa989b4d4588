import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from '@mtumba/contract/account';

export async function getCurrentUser(): Promise<User> {
  const data = await api.get<User | { user: User }>('/user');
  return 'user' in data ? data.user : data;
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'user'], queryFn: getCurrentUser, staleTime: 60_000 });

export function useCurrentUser({ enabled }: { enabled: boolean }) {
  return useQuery({ ...currentUserQueryOptions(), enabled });
}
