/** Money is integer cents everywhere; these are the only conversions. */

/**
 * "1234567" → "1,234,567": digits grouped in threes with commas, as en-KE and sw-KE write them.
 * Written out rather than asked of Intl.NumberFormat: a page's first number formatter costs a
 * phone's main thread tens of milliseconds (the locale data it loads), in the task that starts
 * the app.
 */
export function groupThousands(digits: string): string {
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return grouped;
}

/**
 * A number as en-KE and sw-KE write it: thousands grouped, rounded to `decimals` places (half away
 * from zero, as their number format rounds), trailing zeros dropped unless `keepZeros`.
 */
export function writeNumber(value: number, decimals: number, keepZeros = false): string {
  if (!Number.isFinite(value)) return String(value);
  const [digits = '0', places = ''] = Math.abs(value).toFixed(decimals).split('.');
  const fraction = keepZeros ? places : places.replace(/0+$/, '');
  const sign = value < 0 && /[1-9]/.test(digits + fraction) ? '-' : '';
  return `${sign}${groupThousands(digits)}${fraction ? `.${fraction}` : ''}`;
}

/**
 * 1500 → "Ksh 1,500"; 1499.5 → "Ksh 1,499.50". The one formatter for every screen and e-mail:
 * whole shillings without decimals, anything else with two (as en-KE's number format writes them).
 */
export function formatKsh(amount: number): string {
  const whole = Number.isInteger(Math.round(amount * 100) / 100) && Math.round(amount * 100) % 100 === 0;
  return `Ksh ${writeNumber(amount, 2, !whole)}`;
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
