/**
 * The queue in front of the shelf, in this process. When a drop opens, a crowd asks for the same
 * one-of-a-kind piece at once. Every one of them reads it on the shelf before the first sale is
 * committed, and without a queue each one would go on to read the customer's order history and
 * the photos, open a transaction and be refused there by the stock check: on PostgreSQL about ten
 * round trips per refusal, and the pool's connections held by refusals while the buyer waits.
 *
 * With the queue, a placement takes its turn for its products. An order that finds one of its
 * products' placements under way waits for it, then reads the products again, and an order whose
 * read may predate a placement that finished meanwhile reads again too. So once the piece is sold,
 * everyone behind the buyer is refused after one more read, without a transaction.
 *
 * The reads are shared too: orders for the same products that read them at the same time, with
 * their placements standing at the same mark, share one read. A crowd of 200 for 20 pieces reads
 * the shelf about once per piece per sale rather than once or twice per customer.
 *
 * The queue only spares work: the conditional UPDATE in the order's transaction stays the final
 * word on stock (another instance, a manual order, an accepted offer, an admin's edit).
 */

interface Shelf {
  /** the placement under way, by product id: settles when it has committed or failed */
  underway: Map<number, Promise<void>>;
  /** placements finished, by product id */
  finished: Map<number, number>;
  /** reads in flight, by their products and mark */
  reads: Map<string, Promise<unknown>>;
}

const shelves = new WeakMap<object, Shelf>();

function shelfOf(db: object): Shelf {
  let shelf = shelves.get(db);
  if (!shelf) {
    shelf = { underway: new Map(), finished: new Map(), reads: new Map() };
    shelves.set(db, shelf);
  }
  return shelf;
}

/** Where the placements of some products stood when they were read, for `takeTurn`. */
export type ShelfMark = readonly number[];

/**
 * Reads the products for an order (`read`), or shares a read of the same products still in flight
 * that was sent at the same mark: a read sent since a placement of them finished is never shared
 * with one sent before it. Gives the mark to take the turn with.
 */
export function readShelf<T>(
  db: object,
  productIds: readonly number[],
  read: () => Promise<T>,
): { mark: ShelfMark; products: Promise<T> } {
  const shelf = shelfOf(db);
  const mark = productIds.map((id) => shelf.finished.get(id) ?? 0);
  const key = `${productIds.join(',')}@${mark.join(',')}`;
  let products = shelf.reads.get(key) as Promise<T> | undefined;
  if (!products) {
    const sent = read();
    const forget = () => {
      if (shelf.reads.get(key) === sent) shelf.reads.delete(key);
    };
    sent.then(forget, forget);
    shelf.reads.set(key, sent);
    products = sent;
  }
  return { mark, products };
}

export type Turn =
  /** the order's turn: `done()` once its transaction has ended, committed or not */
  | { done: () => void }
  /** a placement of one of the products is under way: read them again once `wait` settles */
  | { wait: Promise<unknown> }
  /** a placement finished since the products were read: read them again */
  | { stale: true };

/**
 * Takes the turn for `productIds`, read since `mark` was taken. Synchronous, so that the check of
 * what was read and the taking of the turn cannot be split by another request.
 */
export function takeTurn(db: object, productIds: readonly number[], mark: ShelfMark): Turn {
  const shelf = shelfOf(db);
  const pending = productIds.flatMap((id) => shelf.underway.get(id) ?? []);
  if (pending.length > 0) return { wait: Promise.all(pending) };
  if (productIds.some((id, i) => (shelf.finished.get(id) ?? 0) !== mark[i])) return { stale: true };
  let settle = () => {};
  const placement = new Promise<void>((resolve) => (settle = resolve));
  for (const id of productIds) shelf.underway.set(id, placement);
  return {
    done() {
      for (const id of productIds) {
        if (shelf.underway.get(id) === placement) shelf.underway.delete(id);
        shelf.finished.set(id, (shelf.finished.get(id) ?? 0) + 1);
      }
      settle();
    },
  };
}
