export default function HomeRoute() {
  return <h1 className="h3">Home</h1>;
}
