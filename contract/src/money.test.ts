import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, centsToDecimalString, formatKsh } from './money';

describe('money', () => {
  it.each([
    [1500, 'Ksh 1,500'],
    [150, 'Ksh 150'],
    [1499.5, 'Ksh 1,499.50'],
    [0, 'Ksh 0'],
    [4500.25, 'Ksh 4,500.25'],
  ])('formats %s as %s', (amount, text) => {
    expect(formatKsh(amount)).toBe(text);
  });

  it('converts between cents, amounts and decimal strings', () => {
    expect(centsToAmount(150050)).toBe(1500.5);
    expect(centsToDecimalString(150000)).toBe('1500.00');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(amountToCents('1500.5')).toBe(150050);
    expect(amountToCents(19.99)).toBe(1999);
    expect(amountToCents('12.345')).toBeUndefined();
    expect(amountToCents('abc')).toBeUndefined();
  });
});
