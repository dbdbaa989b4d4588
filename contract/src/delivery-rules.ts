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

/** "Have Ksh 1,200 ready for the rider": the sentence the order pages and e-mails show. */
export function podReadySentence(formattedAmount: string): string {
  return `Have ${formattedAmount} ready for the rider (cash or M-Pesa).`;
}
