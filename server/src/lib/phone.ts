import { Metadata, parsePhoneNumberFromString } from 'libphonenumber-js/max';

export { PHONE_HINT } from '@mtumba/contract/phone';

/** What the library's numbering plan has at run time beyond its typings: what its `isValid()` reads. */
interface NumberingPlanPatterns {
  nationalNumberPattern(): string;
  hasTypes(): boolean;
  type(name: string): { pattern(): string; possibleLengths(): number[] | undefined } | undefined;
}

/** The number types the library's `getNumberType` tries (fixed line first). */
const NUMBER_TYPES = [
  'FIXED_LINE',
  'MOBILE',
  'PREMIUM_RATE',
  'TOLL_FREE',
  'SHARED_COST',
  'VOIP',
  'PERSONAL_NUMBER',
  'PAGER',
  'UAN',
  'VOICEMAIL',
];

/**
 * The library's validity check for a Kenyan national number (`isValid()`: the country's number
 * pattern, and the pattern and lengths of at least one number type), from its full ("max")
 * metadata, with the regular expressions made once. The library builds each of them afresh on
 * every call (`new RegExp` per pattern), which cost a hundred microseconds a number in the
 * server, where other work keeps pushing them out of V8's regular expression cache.
 */
function kenyanNumberCheck(): (nationalNumber: string) => boolean {
  const metadata = new Metadata();
  metadata.selectNumberingPlan('KE');
  const plan = metadata.numberingPlan as unknown as NumberingPlanPatterns;
  const entirely = (pattern: string) => new RegExp(`^(?:${pattern})$`);
  const general = entirely(plan.nationalNumberPattern());
  if (!plan.hasTypes()) return (n) => general.test(n);
  const types = NUMBER_TYPES.flatMap((name) => {
    const type = plan.type(name);
    const pattern = type?.pattern();
    return type && pattern ? [{ pattern: entirely(pattern), lengths: type.possibleLengths() }] : [];
  });
  return (n) => general.test(n) && types.some((t) => (!t.lengths || t.lengths.includes(n.length)) && t.pattern.test(n));
}

const validKenyanNumber = kenyanNumberCheck();

/**
 * The usual ways a Kenyan mobile number is written, once spaces and dashes are gone: 07…/01…,
 * +2547…/+2541…, or the nine digits alone. The library reads each of them as that national
 * number; anything else is left to the library's parser.
 */
const MOBILE_SHAPE = /^(?:\+254|0)?([17]\d{8})$/;

/** The library's reading: the number parsed (Kenya by default) and checked, in E.164 form. */
export function parsedKenyanPhone(compact: string): string | undefined {
  const parsed = parsePhoneNumberFromString(compact, 'KE');
  if (!parsed || parsed.country !== 'KE' || !parsed.isValid()) return undefined;
  const e164 = parsed.number;
  return /^\+254[17]\d{8}$/.test(e164) ? e164 : undefined;
}

/**
 * A Kenyan mobile number (07…, 01…, +254…, 254…, spaces and dashes allowed) in E.164 form
 * (+2547… or +2541…), or undefined when it is not one.
 */
export function normaliseKenyanPhone(input: string): string | undefined {
  const compact = input.replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(compact)) return undefined;
  const withPlus = /^254\d{9}$/.test(compact) ? `+${compact}` : compact;
  const mobile = MOBILE_SHAPE.exec(withPlus);
  if (mobile) return validKenyanNumber(mobile[1]!) ? `+254${mobile[1]}` : undefined;
  return parsedKenyanPhone(withPlus);
}

/** +254712345678 → 0712 345 678, the way Kenyans write a mobile number; anything else as given. */
export function displayKenyanPhone(e164: string): string {
  const m = /^\+254([17]\d{2})(\d{3})(\d{3})$/.exec(e164);
  return m ? `0${m[1]} ${m[2]} ${m[3]}` : e164;
}
