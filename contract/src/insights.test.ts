import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isCalendarDate,
  namedRange,
  reportRangeQuerySchema,
  resolveRange,
  shopDay,
  shopDayStart,
} from './insights';

describe('Nairobi days', () => {
  it('start at 21:00 UTC the day before', () => {
    expect(shopDayStart('2026-01-10')).toBe('2026-01-09T21:00:00.000Z');
    expect(shopDay('2026-01-09T20:59:59.999Z')).toBe('2026-01-09');
    expect(shopDay('2026-01-09T21:00:00.000Z')).toBe('2026-01-10');
    expect(shopDay('2026-12-31T21:30:00.000Z')).toBe('2027-01-01');
  });

  it('count whole calendar days, leap days included', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(daysBetween('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-1-01')).toBe(false);
  });

  it('name ranges ending today in Nairobi', () => {
    const lateEvening = new Date('2026-03-14T22:30:00.000Z'); // 01:30 on 15 March in Nairobi
    expect(namedRange('today', lateEvening)).toEqual({ from: '2026-03-15', to: '2026-03-15' });
    expect(namedRange('7d', lateEvening)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(namedRange('90d', lateEvening).from).toBe('2025-12-16');
    expect(resolveRange(reportRangeQuerySchema.parse({}), lateEvening)).toEqual({
      from: '2026-02-14',
      to: '2026-03-15',
    });
  });

  it('accept 366 days at most', () => {
    expect(reportRangeQuerySchema.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    expect(reportRangeQuerySchema.safeParse({ from: '2024-01-01', to: '2025-01-01' }).success).toBe(false);
  });
});
