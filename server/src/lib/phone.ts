import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export { PHONE_HINT } from '@mtumba/contract/phone';

/**
 * A Kenyan mobile number (07…, 01…, +254…, 254…, spaces and dashes allowed) in E.164 form
 * (+2547… or +2541…), or undefined when it is not one.
 */
export function normaliseKenyanPhone(input: string): string | undefined {
  const compact = input.replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(compact)) return undefined;
  const withPlus = /^254\d{9}$/.test(compact) ? `+${compact}` : compact;
  const parsed = parsePhoneNumberFromString(withPlus, 'KE');
  if (!parsed || parsed.country !== 'KE' || !parsed.isValid()) return undefined;
  const e164 = parsed.number;
  return /^\+254[17]\d{8}$/.test(e164) ? e164 : undefined;
}

/** +254712345678 → 0712 345 678, the way Kenyans write a mobile number; anything else as given. */
export function displayKenyanPhone(e164: string): string {
  const m = /^\+254([17]\d{2})(\d{3})(\d{3})$/.exec(e164);
  return m ? `0${m[1]} ${m[2]} ${m[3]}` : e164;
}
