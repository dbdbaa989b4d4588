export default function ForgotPasswordRoute() {
  return <h1 className="h3">ForgotPassword</h1>;
}
