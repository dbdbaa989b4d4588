import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What the server tells the web app at run time (GET /api/config). */
export interface PublicConfig {
  google_enabled: boolean;
  google_client_id: string | null;
}

export async function getPublicConfig(): Promise<PublicConfig> {
  const data = await api.get<Partial<PublicConfig> & { googleClientId?: string }>('/config');
  const clientId = data.google_client_id ?? data.googleClientId ?? null;
  return { google_enabled: Boolean(data.google_enabled && clientId), google_client_id: clientId };
}

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: Infinity, retry: false });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
