import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, centsToDecimalString, formatKsh, groupThousands } from './money';

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

  it("writes every amount as en-KE's number format does, without asking Intl for one", () => {
    const whole = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
    const withCents = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const asIntlWrote = (amount: number) => {
      const round = Number.isInteger(Math.round(amount * 100) / 100) && Math.round(amount * 100) % 100 === 0;
      return `Ksh ${(round ? whole : withCents).format(amount)}`;
    };
    const amounts = fc.oneof(
      // what the shop formats: cents as amounts, up to a billion shillings, refunds negative
      fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }).map((cents) => cents / 100),
      // anything else a screen might compute (a share of a total, a sum of floats)
      fc.double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true }),
    );
    fc.assert(
      fc.property(
        // a negative amount that rounds to nothing (or -0) is written "Ksh 0" here, "Ksh -0" by Intl
        amounts.filter((a) => (a >= 0 && !Object.is(a, -0)) || a <= -0.005),
        (amount) => {
          expect(formatKsh(amount)).toBe(asIntlWrote(amount));
        },
      ),
      { numRuns: 5000 },
    );
    expect([formatKsh(-0.001), formatKsh(-0)]).toEqual(['Ksh 0', 'Ksh 0']);
    expect(formatKsh(-1234.5)).toBe('Ksh -1,234.50');
    expect(formatKsh(1_000_000)).toBe('Ksh 1,000,000');
    expect([groupThousands('1'), groupThousands('123'), groupThousands('1234'), groupThousands('123456')]).toEqual([
      '1',
      '123',
      '1,234',
      '123,456',
    ]);
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
