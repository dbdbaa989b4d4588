import { useAuth } from '@/lib/auth/use-auth';
import { SignInRequired } from '@/features/auth/components/sign-in-required';
import { MyOffers } from '@/features/offers/components/my-offers';

export default function MyOffersRoute() {
  const { isSignedIn, user } = useAuth();
  return (
    <>
      <title>My offers — Mtumba</title>
      <h1 className="h3 mb-3">My Offers</h1>
      {isSignedIn && user ? <MyOffers customerId={user.id} /> : <SignInRequired what="your offers" />}
    </>
  );
}
