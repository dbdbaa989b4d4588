import { describe, expect, it } from 'vitest';
import { readShelf, takeTurn, type Turn } from './shelf-queue.js';

/** A read of the shelf that answers when the test says. */
function heldRead() {
  let answer = (_stock: number) => {};
  let sent = 0;
  const read = () => {
    sent += 1;
    return new Promise<number>((resolve) => (answer = resolve));
  };
  return { read, answer: (stock: number) => answer(stock), sent: () => sent };
}

function turnTaken(turn: Turn): () => void {
  if (!('done' in turn)) throw new Error(`expected the turn, got ${JSON.stringify(Object.keys(turn))}`);
  return turn.done;
}

describe('the queue in front of the shelf', () => {
  it('lets one order at a time place a product, and the next waits for it', async () => {
    const db = {};
    const first = readShelf(db, [7], () => Promise.resolve(1));
    const second = readShelf(db, [7], () => Promise.resolve(1));
    await Promise.all([first.products, second.products]);

    const done = turnTaken(takeTurn(db, [7], first.mark));
    const behind = takeTurn(db, [7], second.mark);
    expect('wait' in behind).toBe(true);
    // another product has nothing under way
    turnTaken(takeTurn(db, [8], readShelf(db, [8], () => Promise.resolve(1)).mark))();

    let woke = false;
    const waiting = (behind as { wait: Promise<unknown> }).wait.then(() => (woke = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(woke).toBe(false);
    done();
    await waiting;
    expect(woke).toBe(true);
    // the read it made before the sale may be stale: it must read again
    expect(takeTurn(db, [7], second.mark)).toEqual({ stale: true });
    turnTaken(takeTurn(db, [7], readShelf(db, [7], () => Promise.resolve(0)).mark))();
  });

  it('asks an order whose read was sent before a placement finished to read again', () => {
    const db = {};
    const early = readShelf(db, [3], () => Promise.resolve(2));
    turnTaken(takeTurn(db, [3], readShelf(db, [3], () => Promise.resolve(2)).mark))();
    expect(takeTurn(db, [3], early.mark)).toEqual({ stale: true });
  });

  it('shares a read in flight only with orders at the same mark', async () => {
    const db = {};
    const shelf = heldRead();
    const a = readShelf(db, [1, 2], shelf.read);
    const b = readShelf(db, [1, 2], shelf.read);
    expect(b.products).toBe(a.products);
    expect(shelf.sent()).toBe(1);
    // other products, another read
    readShelf(db, [1], shelf.read);
    expect(shelf.sent()).toBe(2);

    // A placement of product 2 finishes: a read sent from now on is not the one sent before.
    turnTaken(takeTurn(db, [2], readShelf(db, [2], () => Promise.resolve(1)).mark))();
    const c = readShelf(db, [1, 2], shelf.read);
    expect(c.products).not.toBe(a.products);
    expect(shelf.sent()).toBe(3);

    // Once a read has answered, the next order sends its own.
    shelf.answer(1);
    await c.products;
    const d = readShelf(db, [1, 2], shelf.read);
    expect(d.products).not.toBe(c.products);
  });
});
