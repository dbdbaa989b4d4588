import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ORDER_MOVES, moveRefusal } from './order-states';
import { RETURN_MOVES, RETURN_MOVE_NAMES, RETURN_STATUSES, returnMoveRefusal, returnsTableMarkdown } from './returns';

describe('the return move table', () => {
  it('receives items only on an approved return, and refunds only a received one', () => {
    expect(returnMoveRefusal('receive', 'approved')).toBeUndefined();
    expect(returnMoveRefusal('receive', 'requested')).toBe('This return is requested: it cannot be received.');
    expect(returnMoveRefusal('refund', 'received')).toBeUndefined();
    expect(returnMoveRefusal('refund', 'refunded')).toBe('This return is refunded: it cannot be refunded.');
    expect(returnMoveRefusal('approve', 'declined')).toBe('This return is declined: it cannot be approved.');
  });

  it('names real statuses on both ends of every move', () => {
    for (const name of RETURN_MOVE_NAMES) {
      const move = RETURN_MOVES[name];
      for (const from of move.from) expect(['new', ...RETURN_STATUSES]).toContain(from);
      expect(['received_when_all', ...RETURN_STATUSES]).toContain(move.to);
    }
  });

  it('lets the shop record a refused parcel only once it has shipped; a paid one is then owed back', () => {
    expect(moveRefusal('refuse_delivery', { order_status: 'shipped', payment_status: 'unpaid' })).toBeUndefined();
    expect(moveRefusal('delivery_failed', { order_status: 'delivered', payment_status: 'paid' })).toBe(
      'This order is delivered: it cannot be marked as not delivered.',
    );
    expect(ORDER_MOVES.refuse_delivery).toMatchObject({
      to: 'cancelled',
      stock: 'none',
      payment: 'refund_due_if_received',
    });
  });

  it('is shown in docs/order-lifecycle.md exactly as the code has it', () => {
    const doc = readFileSync(new URL('../../docs/order-lifecycle.md', import.meta.url), 'utf8');
    const start = doc.indexOf('<!-- returns:start -->');
    const end = doc.indexOf('<!-- returns:end -->');
    expect(start, 'the doc keeps its markers').toBeGreaterThan(-1);
    // To refresh: npm run docs:lifecycle
    expect(doc.slice(start + '<!-- returns:start -->'.length, end).trim()).toBe(returnsTableMarkdown());
  });
});
