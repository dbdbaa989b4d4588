import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCustomerJson, AdminCustomerList } from '@mtumba/contract/manual-order';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /admin/customers?q=: customers by phone or e-mail address. */
export async function searchCustomers(q: string, signal?: AbortSignal): Promise<AdminCustomerJson[]> {
  const reply = await api.get<AdminCustomerList>('/admin/customers', { q }, signal);
  return reply.data;
}

export const customerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminKeys.customerSearch(q),
    queryFn: ({ signal }) => searchCustomers(q, signal),
    retry: false,
  });

/** Searches once `q` is set (the admin pressed Find). */
export function useCustomerSearch(q: string) {
  return useQuery({ ...customerSearchQueryOptions(q), enabled: q.length > 0 });
}
