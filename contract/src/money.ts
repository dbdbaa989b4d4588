/** Money is integer cents everywhere; these are the only conversions. */

// Made once: `toLocaleString` with options builds a new formatter on every call, which cost a
// product list on a phone a tenth of a second of blocked main thread.
const wholeShillings = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const withCents = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1500 → "Ksh 1,500"; 1499.5 → "Ksh 1,499.50". The one formatter for every screen and e-mail. */
export function formatKsh(amount: number): string {
  const whole = Number.isInteger(Math.round(amount * 100) / 100) && Math.round(amount * 100) % 100 === 0;
  return `Ksh ${(whole ? wholeShillings : withCents).format(amount)}`;
}

export function formatKshCents(cents: number): string {
  return formatKsh(cents / 100);
}

/** Cents → the JSON number the API emits (at most 2 decimals). */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/** Cents → the numeric string docs/product.md shows for order-item prices: 150000 → "1500.00". */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A Ksh amount (number or decimal string with at most 2 decimals) → cents, or undefined if not one. */
export function amountToCents(amount: number | string): number | undefined {
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text) && !(typeof amount === 'number' && Number.isFinite(amount))) return undefined;
  const cents = Math.round(Number(text) * 100);
  return Number.isFinite(cents) ? cents : undefined;
}
