import { useRequireSignIn } from '@/lib/auth/use-require-sign-in';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

/** The pages that ask for a sign-in, by what they show (the English the routes pass). */
const WHAT = {
  'your orders': 'need.orders',
  'your alerts': 'need.alerts',
  'this order': 'need.order',
  'your payment': 'need.payment',
  'your offers': 'need.offers',
} as const;

/** What a signed-out visitor sees on a customer-only page: a Sign in button that keeps them here. */
export function SignInRequired({ what }: { what: string }) {
  const requireSignIn = useRequireSignIn();
  const t = useT(messages);
  const id = WHAT[what as keyof typeof WHAT] as (typeof WHAT)[keyof typeof WHAT] | undefined;
  const thing = id ? t(id) : what;
  return (
    <div className="text-center py-5">
      <p className="lead">{t('need.lead', { what: thing })}</p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => requireSignIn(() => undefined, t('need.reason', { what: thing }))}
      >
        {t('need.signIn')}
      </button>
    </div>
  );
}
