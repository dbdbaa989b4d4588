import { WishlistView } from '@/features/wishlist/components/wishlist-view';

export default function WishlistRoute() {
  return (
    <>
      <title>Your wishlist — Mtumba</title>
      <h1 className="h3 mb-3">Your Wishlist</h1>
      {/* a visitor's wishlist lives in the browser until they sign in (docs/product.md section 3) */}
      <WishlistView />
    </>
  );
}
