/** Kenyan mobile numbers, as the shop asks for them in forms (the server parses them fully). */

export const PHONE_HINT = 'Enter a valid Kenyan mobile number, such as 0712 345 678 or +254 712 345 678.';

/**
 * 07…, 01…, +254…, 254… with spaces or dashes: the shape of a Kenyan mobile number, good enough for a
 * form to say so before sending. The server has the last word (it checks the number ranges too).
 */
export function looksLikeKenyanMobile(input: string): boolean {
  return /^(?:\+?254|0)?[17]\d{8}$/.test(input.replace(/[\s\-().]/g, ''));
}
