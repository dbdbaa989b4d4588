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
