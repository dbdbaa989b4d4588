export default function AdminOrdersRoute() {
  return <h1 className="h3">AdminOrders</h1>;
}
