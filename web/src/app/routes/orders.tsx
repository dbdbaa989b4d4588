import { useAuth } from '@/lib/auth/use-auth';
import { OrdersList } from '@/features/orders/components/orders-list';
import { SignInRequired } from '@/features/auth/components/sign-in-required';

export default function OrdersRoute() {
  const { isSignedIn } = useAuth();
  return (
    <>
      <title>My orders — Mtumba</title>
      <h1 className="h3 mb-3">My Orders</h1>
      {isSignedIn ? <OrdersList /> : <SignInRequired what="your orders" />}
    </>
  );
}
