export default function LoginRoute() {
  return <h1 className="h3">Login</h1>;
}
