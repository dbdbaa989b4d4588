export default function PaymentConfirmationRoute() {
  return <h1 className="h3">PaymentConfirmation</h1>;
}
