/** Sends the browser to the payment provider's hosted page (its own module so tests can replace it). */
export function leaveForPayment(checkoutUrl: string): void {
  window.location.assign(checkoutUrl);
}
