// An "add to cart" or "add to wishlist" tapped without a signal is kept on this phone and sent when
// the signal returns (docs/product.md section 16). This part is in the first download, so it is
// only the test: the queue and its words (./queue.ts, ./flush.ts) load when something is first queued.

export type { Queued, QueuedAction } from './types';
import type { Queued, QueuedAction } from './types';

export const isQueued = (result: unknown): result is Queued => (result as Queued | null)?.queued === true;

/**
 * The request never got an answer: no signal (the browser says it is offline) or the connection
 * failed (fetch rejects with a TypeError). A reply from the server, even an error, is not one.
 */
export const isNetworkFailure = (err: unknown): boolean =>
  navigator.onLine === false || (err instanceof TypeError && err.name === 'TypeError');

/** Sends the add now, or keeps it for when the signal is back. */
export async function sendOrQueue<T>(action: QueuedAction, send: () => Promise<T>): Promise<T | Queued> {
  const keep = () => import('./flush').then((m) => m.enqueueAction(action));
  if (navigator.onLine === false) return keep();
  try {
    return await send();
  } catch (err) {
    if (isNetworkFailure(err)) return keep();
    throw err;
  }
}
