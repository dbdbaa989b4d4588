import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { enqueueAction } from './flush';
import { addToQueue, flushQueue, outcomeMessage, readQueue, type StoredAction } from './queue';
import { isQueued, sendOrQueue } from './send-or-queue';

const jacket = { kind: 'cart', productId: 7, quantity: 1, name: 'Denim Jacket' } as const;
const scarf = { kind: 'wishlist', productId: 9, name: 'Silk Scarf' } as const;

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the offline queue', () => {
  it('keeps adds in local storage, summing the same item in the cart and keeping a wish once', () => {
    addToQueue(jacket, localStorage, 1000);
    addToQueue(jacket, localStorage, 2000);
    addToQueue(scarf, localStorage, 3000);
    addToQueue(scarf, localStorage, 4000);
    expect(readQueue()).toEqual([
      { ...jacket, quantity: 2, at: 1000 },
      { ...scarf, at: 3000 },
    ]);
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('offline_queue', '{not json');
    expect(readQueue()).toEqual([]);
    localStorage.setItem('offline_queue', JSON.stringify([{ kind: 'order', productId: 1, name: 'x' }, { ...scarf }]));
    expect(readQueue()).toEqual([scarf]);
  });

  it('sends each add when the signal is back: added, or refused with the server’s reason', async () => {
    setOnline(true);
    const sold = { kind: 'cart', productId: 8, quantity: 1, name: 'Wool Coat' } as const;
    addToQueue(jacket);
    addToQueue(sold);
    addToQueue(scarf);
    const sent: StoredAction[] = [];
    const outcomes = await flushQueue(async (action) => {
      sent.push(action);
      if (action.productId === 8) throw new ApiError(422, { message: '"Wool Coat" is out of stock.' });
      if (action.kind === 'wishlist') throw new ApiError(409, { message: 'Already in your wishlist.' });
    });
    expect(sent.map((a) => a.productId)).toEqual([7, 8, 9]);
    expect(outcomes.map((o) => o.status)).toEqual(['added', 'refused', 'added']);
    expect(outcomes.map(outcomeMessage)).toEqual([
      'Back online: "Denim Jacket" was added to your cart.',
      '"Wool Coat" could not be added to your cart: "Wool Coat" is out of stock.',
      'Back online: "Silk Scarf" was added to your wishlist.',
    ]);
    expect(readQueue()).toEqual([]);
  });

  it('keeps the add that failed for want of a signal, and everything after it, for the next time', async () => {
    setOnline(true);
    addToQueue(jacket);
    addToQueue(scarf);
    const send = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const outcomes = await flushQueue(send);
    expect(send).toHaveBeenCalledTimes(1);
    expect(outcomes.map((o) => o.status)).toEqual(['kept', 'kept']);
    expect(outcomeMessage(outcomes[0]!)).toBeNull();
    expect(readQueue().map((a) => a.productId)).toEqual([7, 9]);
  });

  it('sends once when two flushes start together', async () => {
    setOnline(true);
    addToQueue(jacket);
    const send = vi.fn().mockResolvedValue(undefined);
    const [first, second] = await Promise.all([flushQueue(send), flushQueue(send)]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
  });

  it('says what it kept', () => {
    expect(enqueueAction(jacket)).toEqual({
      queued: true,
      message: `You're offline. "Denim Jacket" will be added to your cart when the signal is back.`,
    });
    expect(readQueue()).toHaveLength(1);
  });
});

describe('sendOrQueue', () => {
  it('sends at once with a signal', async () => {
    setOnline(true);
    await expect(sendOrQueue(jacket, async () => 'sent')).resolves.toBe('sent');
    expect(readQueue()).toEqual([]);
  });

  it('keeps the add without a signal, without trying the network', async () => {
    setOnline(false);
    const send = vi.fn();
    const result = await sendOrQueue(jacket, send);
    expect(send).not.toHaveBeenCalled();
    expect(isQueued(result)).toBe(true);
    expect(readQueue()).toMatchObject([jacket]);
  });

  it('keeps the add when the request gets no answer, and passes on a refusal from the server', async () => {
    setOnline(true);
    const noAnswer = await sendOrQueue(scarf, () => Promise.reject(new TypeError('Failed to fetch')));
    expect(isQueued(noAnswer)).toBe(true);
    const refusal = new ApiError(422, { message: 'Sold.' });
    await expect(sendOrQueue(jacket, () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(readQueue()).toMatchObject([scarf]);
  });
});
