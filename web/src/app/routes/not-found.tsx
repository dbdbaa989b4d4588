export default function NotFoundRoute() {
  return <h1 className="h3">NotFound</h1>;
}
