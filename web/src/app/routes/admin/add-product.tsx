export default function AdminAddProductRoute() {
  return <h1 className="h3">AdminAddProduct</h1>;
}
