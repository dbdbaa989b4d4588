export default function AdminOrderDetailRoute() {
  return <h1 className="h3">AdminOrderDetail</h1>;
}
