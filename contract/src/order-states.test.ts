import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ORDER_MOVES,
  ORDER_MOVE_NAMES,
  ORDER_STATUSES,
  RECORD_PAYMENT_FIRST,
  adminMoveFor,
  canTransition,
  lifecycleTableMarkdown,
  moveRefusal,
  orderProgress,
  transitionRefusal,
} from './order-states';

describe('the admin status moves', () => {
  const allowed = new Set(['pending>cancelled', 'processing>shipped', 'processing>cancelled', 'shipped>delivered']);
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const key = `${from}>${to}`;
      it(`${allowed.has(key) ? 'allows' : 'refuses'} ${from} → ${to}`, () => {
        expect(canTransition(from, to)).toBe(allowed.has(key));
        expect(adminMoveFor(from, to) !== undefined).toBe(allowed.has(key));
        if (key === 'pending>processing') expect(transitionRefusal(from, to)).toBe(RECORD_PAYMENT_FIRST);
        else if (!allowed.has(key))
          expect(transitionRefusal(from, to)).toBe(`Cannot change status from ${from} to ${to}.`);
      });
    }
  }

  it('maps statuses to progress percentages, unknown ones to the first step', () => {
    expect(['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'weird'].map(orderProgress)).toEqual([
      25, 50, 75, 100, 25, 25,
    ]);
  });
});

describe('the move table', () => {
  it('ships only when paid, and lets a customer cancel only an unpaid pending order', () => {
    expect(moveRefusal('ship', { order_status: 'processing', payment_status: 'paid' })).toBeUndefined();
    expect(moveRefusal('ship', { order_status: 'processing', payment_status: 'unpaid' })).toBe(
      "This order's payment is unpaid: it cannot be shipped.",
    );
    expect(moveRefusal('customer_cancel', { order_status: 'pending', payment_status: 'unpaid' })).toBeUndefined();
    expect(moveRefusal('customer_cancel', { order_status: 'processing', payment_status: 'paid' })).toBe(
      'This order is processing: it cannot be cancelled.',
    );
  });

  it('names a real status as every move’s destination', () => {
    for (const name of ORDER_MOVE_NAMES) {
      const to = ORDER_MOVES[name].to;
      expect(to === 'same' || (ORDER_STATUSES as readonly string[]).includes(to)).toBe(true);
    }
  });

  it('is shown in docs/order-lifecycle.md exactly as the code has it', () => {
    const doc = readFileSync(new URL('../../docs/order-lifecycle.md', import.meta.url), 'utf8');
    const start = doc.indexOf('<!-- moves:start -->');
    const end = doc.indexOf('<!-- moves:end -->');
    expect(start, 'the doc keeps its markers').toBeGreaterThan(-1);
    const shown = doc.slice(start + '<!-- moves:start -->'.length, end).trim();
    // To refresh: npm run docs:lifecycle
    expect(shown).toBe(lifecycleTableMarkdown());
  });
});
