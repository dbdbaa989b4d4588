export default function VerifyEmailRoute() {
  return <h1 className="h3">VerifyEmail</h1>;
}
