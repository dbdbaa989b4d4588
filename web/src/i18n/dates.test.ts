import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDay } from './dates';
import { LOCALES } from './language';

describe('formatDay', () => {
  it('writes the day in Nairobi as en-KE and sw-KE write a medium date', () => {
    for (const language of ['en', 'sw'] as const) {
      const intl = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeZone: 'Africa/Nairobi' });
      fc.assert(
        fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (d) => {
          expect(formatDay(d.toISOString(), language)).toBe(intl.format(d));
        }),
        { numRuns: 2000 },
      );
    }
    // 22:30 in UTC is already the next day in Nairobi
    expect(formatDay('2026-12-01T22:30:00Z', 'en')).toBe('2 Dec 2026');
    expect(formatDay('2026-08-15T08:00:00Z', 'sw')).toBe('15 Ago 2026');
    expect(formatDay('not a date', 'en')).toBe('');
  });
});
