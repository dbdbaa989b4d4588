export default function OrdersRoute() {
  return <h1 className="h3">Orders</h1>;
}
