export default function RegisterRoute() {
  return <h1 className="h3">Register</h1>;
}
