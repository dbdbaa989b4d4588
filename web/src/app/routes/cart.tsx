export default function CartRoute() {
  return <h1 className="h3">Cart</h1>;
}
