import { useAuth } from '@/lib/auth/use-auth';
import { SignInRequired } from '@/features/auth/components/sign-in-required';
import { WishlistView } from '@/features/wishlist/components/wishlist-view';

export default function WishlistRoute() {
  const { isSignedIn } = useAuth();
  return (
    <>
      <title>Your wishlist — Mtumba</title>
      <h1 className="h3 mb-3">Your Wishlist</h1>
      {isSignedIn ? <WishlistView /> : <SignInRequired what="your wishlist" />}
    </>
  );
}
