import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhoneCodeSent, PhoneStatus } from '@mtumba/contract/sms';
import { api } from '@/lib/api-client';

const phoneKey = ['auth', 'phone'] as const;

/** GET /user/phone: whether the shop sends texts, and the customer's verified phone. */
export function usePhoneStatus({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: phoneKey, queryFn: () => api.get<PhoneStatus>('/user/phone'), enabled });
}

/** POST /user/phone/code: a code by SMS to the phone to verify (in the test shop's sandbox, the code itself). */
export function useSendPhoneCode() {
  return useMutation({
    mutationFn: (phone: string) => api.post<PhoneCodeSent>('/user/phone/code', { phone }),
  });
}

/** POST /user/phone/verify: the code from the text message. */
export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<PhoneStatus & { message: string }>('/user/phone/verify', { code }),
    onSuccess: (reply) => queryClient.setQueryData(phoneKey, reply),
  });
}
