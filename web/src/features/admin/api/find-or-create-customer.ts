import { useMutation } from '@tanstack/react-query';
import type { AdminCustomerCreateBody, AdminCustomerCreateReply } from '@mtumba/contract/manual-order';
import { apiRequest } from '@/lib/api-client';

/** POST /admin/customers: the customer with this e-mail, or a new account without a password. */
export function findOrCreateCustomer(body: AdminCustomerCreateBody): Promise<AdminCustomerCreateReply> {
  return apiRequest<AdminCustomerCreateReply>('/admin/customers', { method: 'POST', body }).then((r) => r.data);
}

export function useFindOrCreateCustomer() {
  return useMutation({ mutationFn: findOrCreateCustomer });
}
