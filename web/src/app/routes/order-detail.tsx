export default function OrderDetailRoute() {
  return <h1 className="h3">OrderDetail</h1>;
}
