import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getStoredUser, setUnverifiedEmail, storeUser } from '@/lib/auth-storage';
import { currentUserQueryOptions, useCurrentUser } from '../api/get-user';
import { followAccountLanguage } from '../follow-account-language';
import { useAuth, useAuthSettled } from '@/lib/auth/use-auth';
import { cartKeys } from '@/lib/api/get-cart';
import { wishlistKeys } from '@/lib/api/get-wishlist';
import { emitAppEvent } from '@/lib/events';
import { toast } from '@/lib/toast';
import { tOf } from '@/i18n';

/**
 * Once signed in (a sign-in, a registration, a Google sign-in, or a sign-in from another tab):
 * the cart and wishlist the visitor filled in this browser go into the account.
 */
function useMergeGuestItems(customerId: number | null) {
  const queryClient = useQueryClient();
  const merging = useRef<number | null>(null);
  useEffect(() => {
    if (customerId === null) {
      merging.current = null;
      return;
    }
    if (merging.current === customerId) return;
    merging.current = customerId;
    // loaded only now: a visitor who never signs in does not download it
    // loaded only now, with the account's messages for the toast (every page draws AuthSync)
    void Promise.all([import('@/lib/merge-guest-items'), import('@/i18n/catalogs/en/account.json')])
      .then(async ([{ mergeGuestItems }, messages]) => ({ outcome: await mergeGuestItems(), t: tOf(messages.default) }))
      .then(({ outcome, t }) => {
        for (const name of outcome.soldOut) {
          toast.info(t('merge.soldOut', { name }), {
            toastId: `merge-${name}`,
          });
        }
      })
      .catch(() => undefined)
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: cartKeys.all });
        void queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
        emitAppEvent('cartUpdated');
        emitAppEvent('wishlistUpdated');
      });
  }, [customerId, queryClient]);
}

/** Query-key roots that hold no personal data and may stay cached across sign-in and sign-out. */
const PUBLIC_ROOTS = new Set(['catalog', 'config']);
const isPersonal = (q: Query) => !PUBLIC_ROOTS.has(String(q.queryKey[0]));

/**
 * Keeps the stored user fresh (GET /user on start and after sign-in) and the query cache honest:
 * signing out drops every cached personal reply; signing in refetches what is on screen.
 */
export function AuthSync() {
  const queryClient = useQueryClient();
  const { isSignedIn } = useAuth();
  const settled = useAuthSettled();
  const current = useCurrentUser({ enabled: isSignedIn });
  const wasSignedIn = useRef(isSignedIn);
  const wasSettled = useRef(settled);
  const { user } = useAuth();
  useMergeGuestItems(isSignedIn && user && !user.is_admin ? user.id : null);

  useEffect(() => {
    const fresh = current.data;
    if (!fresh || !isSignedIn) return;
    const stored = getStoredUser();
    const same =
      stored &&
      stored.id === fresh.id &&
      stored.name === fresh.name &&
      stored.email === fresh.email &&
      stored.is_admin === fresh.is_admin &&
      stored.email_verified === fresh.email_verified &&
      (stored.pending_email ?? null) === (fresh.pending_email ?? null);
    if (!same) storeUser(fresh);
    if (fresh.email_verified) setUnverifiedEmail(null);
  }, [current.data, isSignedIn]);

  useEffect(() => {
    if (!wasSettled.current) {
      if (!settled) return;
      wasSettled.current = true;
      // A server-drawn page learning the stored sign-in is no new sign-in: the public replies it
      // was drawn from stay (they are everyone's); the rest, and any that failed, are asked again.
      if (isSignedIn) {
        void queryClient.invalidateQueries({
          predicate: (q) => isPersonal(q) || q.state.status === 'error',
        });
      }
    } else if (wasSignedIn.current && !isSignedIn) {
      queryClient.removeQueries({ predicate: isPersonal });
    } else if (!wasSignedIn.current && isSignedIn) {
      void queryClient.invalidateQueries();
      // A sign-in (not a page load): the shop follows the language the account keeps.
      queryClient.fetchQuery(currentUserQueryOptions()).then(followAccountLanguage, () => undefined);
    }
    wasSignedIn.current = isSignedIn;
  }, [isSignedIn, settled, queryClient]);

  return null;
}
