export default function AdminProductsRoute() {
  return <h1 className="h3">AdminProducts</h1>;
}
