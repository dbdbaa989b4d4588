import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from '@mtumba/contract/account';

/** GET /user's reply: the user, with the language the account keeps (a server that has none leaves it out). */
export type Profile = User & { language?: string };

export async function getCurrentUser(): Promise<Profile> {
  const data = await api.get<Profile | { user: Profile }>('/user');
  return 'user' in data ? data.user : data;
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'user'], queryFn: getCurrentUser, staleTime: 60_000 });

export function useCurrentUser({ enabled }: { enabled: boolean }) {
  return useQuery({ ...currentUserQueryOptions(), enabled });
}
