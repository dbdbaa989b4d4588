export default function ResetPasswordRoute() {
  return <h1 className="h3">ResetPassword</h1>;
}
