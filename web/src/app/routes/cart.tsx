import { useAuth } from '@/lib/auth/use-auth';
import { CartView } from '@/features/cart/components/cart-view';
import { CheckoutPanel } from '@/features/checkout/components/checkout-panel';
import { SignInRequired } from '@/features/auth/components/sign-in-required';

export default function CartRoute() {
  const { isSignedIn } = useAuth();
  return (
    <>
      <title>Your cart — Mtumba</title>
      <h1 className="h3 mb-3">Your Cart</h1>
      {isSignedIn ? (
        <CartView renderCheckout={(items) => <CheckoutPanel items={items} />} />
      ) : (
        <SignInRequired what="your cart" />
      )}
    </>
  );
}
