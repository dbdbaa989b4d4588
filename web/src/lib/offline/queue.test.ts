import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { enqueueAction } from './flush';
import { addToQueue, flushQueue, outcomeMessage, readQueue, type StoredAction } from './queue';
import { storageStore } from './queue-store';
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
  it('keeps adds, summing the same item in the cart and keeping a wish once', async () => {
    const store = storageStore(localStorage);
    await addToQueue(jacket, store, 1000);
    await addToQueue(jacket, store, 2000);
    await addToQueue(scarf, store, 3000);
    await addToQueue(scarf, store, 4000);
    expect(await readQueue()).toEqual([
      { ...jacket, quantity: 2, at: 1000 },
      { ...scarf, at: 3000 },
    ]);
  });

  it('ignores what it cannot read', async () => {
    localStorage.setItem('offline_queue', '{not json');
    expect(await readQueue()).toEqual([]);
    localStorage.setItem('offline_queue', JSON.stringify([{ kind: 'order', productId: 1, name: 'x' }, { ...scarf }]));
    expect(await readQueue()).toEqual([scarf]);
  });

  it('sends each add when the signal is back: added, or refused with the server’s reason', async () => {
    setOnline(true);
    const sold = { kind: 'cart', productId: 8, quantity: 1, name: 'Wool Coat' } as const;
    await addToQueue(jacket);
    await addToQueue(sold);
    await addToQueue(scarf);
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
    expect(await readQueue()).toEqual([]);
  });

  it('keeps the add that failed for want of a signal, and everything after it, for the next time', async () => {
    setOnline(true);
    await addToQueue(jacket);
    await addToQueue(scarf);
    const send = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const outcomes = await flushQueue(send);
    expect(send).toHaveBeenCalledTimes(1);
    expect(outcomes.map((o) => o.status)).toEqual(['kept', 'kept']);
    expect(outcomeMessage(outcomes[0]!)).toBeNull();
    expect((await readQueue()).map((a) => a.productId)).toEqual([7, 9]);
  });

  it('sends once when two flushes start together', async () => {
    setOnline(true);
    await addToQueue(jacket);
    const send = vi.fn().mockResolvedValue(undefined);
    const [first, second] = await Promise.all([flushQueue(send), flushQueue(send)]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
  });

  it('says what it kept', async () => {
    expect(await enqueueAction(jacket)).toEqual({
      queued: true,
      message: `You're offline. "Denim Jacket" will be added to your cart when the signal is back.`,
    });
    expect(await readQueue()).toHaveLength(1);
  });
});

describe('sendOrQueue', () => {
  it('sends at once with a signal', async () => {
    setOnline(true);
    await expect(sendOrQueue(jacket, async () => 'sent')).resolves.toBe('sent');
    expect(await readQueue()).toEqual([]);
  });

  it('keeps the add without a signal, without trying the network', async () => {
    setOnline(false);
    const send = vi.fn();
    const result = await sendOrQueue(jacket, send);
    expect(send).not.toHaveBeenCalled();
    expect(isQueued(result)).toBe(true);
    expect(await readQueue()).toMatchObject([jacket]);
  });

  it('keeps the add when the request gets no answer, and passes on a refusal from the server', async () => {
    setOnline(true);
    const noAnswer = await sendOrQueue(scarf, () => Promise.reject(new TypeError('Failed to fetch')));
    expect(isQueued(noAnswer)).toBe(true);
    const refusal = new ApiError(422, { message: 'Sold.' });
    await expect(sendOrQueue(jacket, () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(await readQueue()).toMatchObject([scarf]);
  });
});
