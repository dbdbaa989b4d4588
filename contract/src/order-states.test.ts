import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, canTransition, orderProgress, transitionRefusal } from './order-states';

describe('order state table', () => {
  const allowed = new Set([
    'pending>processing',
    'pending>cancelled',
    'processing>shipped',
    'processing>cancelled',
    'shipped>delivered',
  ]);
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const key = `${from}>${to}`;
      it(`${allowed.has(key) ? 'allows' : 'refuses'} ${from} → ${to}`, () => {
        expect(canTransition(from, to)).toBe(allowed.has(key));
        if (!allowed.has(key)) expect(transitionRefusal(from, to)).toBe(`Cannot change status from ${from} to ${to}.`);
      });
    }
  }

  it('maps statuses to progress percentages, unknown ones to the first step', () => {
    expect(['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'weird'].map(orderProgress)).toEqual([
      25, 50, 75, 100, 25, 25,
    ]);
  });
});
