export default function CheckoutRoute() {
  return <h1 className="h3">Checkout</h1>;
}
