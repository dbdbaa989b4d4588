import { describe, expect, it } from 'vitest';
import { normaliseKenyanPhone, parsedKenyanPhone } from './phone.js';

/** The library's own reading of the same input, as the server read every number before. */
function byLibrary(input: string): string | undefined {
  const compact = input.replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(compact)) return undefined;
  return parsedKenyanPhone(/^254\d{9}$/.test(compact) ? `+${compact}` : compact);
}

describe('normaliseKenyanPhone', () => {
  it('reads the usual ways of writing a Kenyan mobile number', () => {
    for (const input of ['0712345678', '0712 345 678', '0712-345-678', '+254712345678', '254712345678', '712345678']) {
      expect(normaliseKenyanPhone(input), input).toBe('+254712345678');
    }
    expect(normaliseKenyanPhone('0110 123 456')).toBe('+254110123456');
  });

  it('refuses what is not a Kenyan mobile number', () => {
    for (const input of ['0812 345 678', '+255712345678', '020 222 2222', '2547123', '0712 34567', 'abc', '', '+']) {
      expect(normaliseKenyanPhone(input), input).toBeUndefined();
    }
  });

  it('answers as the phone library does for every prefix of 07…, 01… and other shapes', () => {
    const rests = ['000000', '999999', '123456', '505050', '987654'];
    const inputs: string[] = [];
    for (let prefix = 100; prefix <= 999; prefix++) {
      for (const rest of rests) {
        const national = `${prefix}${rest}`;
        inputs.push(
          `0${national}`,
          `+254${national}`,
          `254${national}`,
          national,
          `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
          `+2540${national}`,
          `2540${national}`,
          `000254${national}`,
          `0${national.slice(0, 8)}`,
          `0${national}1`,
        );
      }
    }
    let accepted = 0;
    for (const input of inputs) {
      const expected = byLibrary(input);
      if (expected) accepted++;
      expect(normaliseKenyanPhone(input), input).toBe(expected);
    }
    // the comparison covered numbers the library accepts as well as ones it refuses
    expect(accepted).toBeGreaterThan(1000);
    expect(accepted).toBeLessThan(inputs.length / 2);
  });
});
