import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayLinkJson } from '@mtumba/contract/manual-order';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /admin/orders/{id}/pay-link: a manual order's pay link and its WhatsApp message (404: none). */
export function getPayLink(id: number, signal?: AbortSignal): Promise<PayLinkJson> {
  return api.get<PayLinkJson>(`/admin/orders/${id}/pay-link`, undefined, signal);
}

export const payLinkQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.payLink(id), queryFn: ({ signal }) => getPayLink(id, signal), retry: false });

export function usePayLink(id: number, enabled: boolean) {
  return useQuery({ ...payLinkQueryOptions(id), enabled });
}
