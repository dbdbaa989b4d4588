export default function WishlistRoute() {
  return <h1 className="h3">Wishlist</h1>;
}
