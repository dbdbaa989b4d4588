export default function ProductsRoute() {
  return <h1 className="h3">Products</h1>;
}
