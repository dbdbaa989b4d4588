/**
 * The delivery sentences the storefront shows (docs/product.md section 11), shared by the server
 * and the web app. No zod here: the product page's first download imports this file, and building
 * schemas costs a phone time before the page answers a tap (the schemas are in delivery.ts).
 */

/** "1–2 days", "Same day", "3 days". */
export function deliveryEstimate(m: { min_days: number; max_days: number }): string {
  if (m.max_days === 0) return 'Same day';
  if (m.min_days === m.max_days) return `${m.min_days} ${m.min_days === 1 ? 'day' : 'days'}`;
  return `${m.min_days}–${m.max_days} days`;
}

/**
 * "Have Ksh 1,200 ready for the rider": the sentence the order pages and e-mails show. A pickup
 * order has no rider: it is paid at the pickup point, a courier parcel where it is collected.
 */
export function podReadySentence(formattedAmount: string, kind?: string | null): string {
  if (kind === 'pickup')
    return `Pay ${formattedAmount} at the pickup point when you collect your order (cash or M-Pesa).`;
  if (kind === 'courier') return `Have ${formattedAmount} ready when you collect your parcel (cash or M-Pesa).`;
  return `Have ${formattedAmount} ready for the rider (cash or M-Pesa).`;
}

/** How a pay-on-delivery order is paid, before the customer chooses it. */
export function podHowSentence(kind?: string | null): string {
  if (kind === 'pickup') return 'Pay in cash or by M-Pesa when you collect your order at the pickup point.';
  if (kind === 'courier') return 'Pay in cash or by M-Pesa when you collect your parcel.';
  return 'Pay the rider in cash or by M-Pesa when your parcel arrives.';
}
