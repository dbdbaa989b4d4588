export default function ProductDetailRoute() {
  return <h1 className="h3">ProductDetail</h1>;
}
