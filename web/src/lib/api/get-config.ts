import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfigReply } from '@mtumba/contract/account';
import { api } from '@/lib/api-client';

/** What the server tells the web app at run time (GET /api/config). */
export interface PublicConfig {
  google_enabled: boolean;
  google_client_id: string | null;
  shop: ShopProfile;
}

/** How shoppers reach the shop (set by the SHOP_* environment variables). */
export interface ShopProfile {
  name: string;
  email: string;
  address: string;
  phone: string;
  /** digits only, for https://wa.me/{number} */
  whatsapp: string;
  hours: string;
  returnsPolicy: string;
}

/**
 * GET /config's reply as read here: every field may be missing (older servers), and the oldest
 * ones named the Google client id `googleClientId`.
 */
export type ConfigReply = Partial<PublicConfigReply> & { googleClientId?: string };

export async function getPublicConfig(): Promise<PublicConfig> {
  return toPublicConfig(await api.get<ConfigReply>('/config'));
}

/** GET /config's reply as the app keeps it (also what the server rendering puts in the page). */
export function toPublicConfig(data: ConfigReply): PublicConfig {
  const clientId = data.google_client_id ?? data.googleClientId ?? null;
  return {
    google_enabled: Boolean(data.google_enabled && clientId),
    google_client_id: clientId,
    shop: {
      name: data.shop_name ?? 'Mtumba',
      email: data.shop_email ?? '',
      address: data.shop_address ?? 'Nairobi CBD, Kenya',
      phone: data.shop_phone ?? '',
      whatsapp: data.shop_whatsapp ?? '',
      hours: data.shop_hours ?? '',
      returnsPolicy: data.shop_returns_policy ?? '',
    },
  };
}

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: Infinity, retry: false });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}

/** The shop's contact details and returns policy, once /api/config has answered. */
export function useShopProfile(): ShopProfile | undefined {
  return usePublicConfig().data?.shop;
}
