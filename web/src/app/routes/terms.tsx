export default function TermsRoute() {
  return <h1 className="h3">Terms</h1>;
}
