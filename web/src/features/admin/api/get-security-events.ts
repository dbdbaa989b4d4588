import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SecurityEvent, SecurityLog } from '@mtumba/contract/account';

export type { SecurityEvent };

export type { SecurityLog };

export const SECURITY_LOG_PER_PAGE = 50;

/** GET /admin/users/{id}/security-events: one account's security log, newest first. */
export function getSecurityLog(userId: number, page: number, signal?: AbortSignal): Promise<SecurityLog> {
  return api.get<SecurityLog>(
    `/admin/users/${userId}/security-events`,
    { page: String(page), per_page: String(SECURITY_LOG_PER_PAGE) },
    signal,
  );
}

export function useSecurityLog(userId: number, page: number) {
  return useQuery({
    queryKey: ['admin', 'users', userId, 'security-events', page],
    queryFn: ({ signal }) => getSecurityLog(userId, page, signal),
    enabled: Number.isInteger(userId) && userId > 0,
    placeholderData: keepPreviousData,
  });
}
