import { useAuth } from '@/lib/auth/use-auth';
import { SignInRequired } from '@/features/auth/components/sign-in-required';
import { MyOffers } from '@/features/offers/components/my-offers';
import messages from '@/i18n/catalogs/en/buy.json';
import { useT } from '@/i18n';

export default function MyOffersRoute() {
  const t = useT(messages);
  const { isSignedIn, user } = useAuth();
  return (
    <>
      <title>{t('of.docTitle')}</title>
      <h1 className="h3 mb-3">{t('of.title')}</h1>
      {isSignedIn && user ? <MyOffers customerId={user.id} /> : <SignInRequired what={t('of.yourOffers')} />}
    </>
  );
}
