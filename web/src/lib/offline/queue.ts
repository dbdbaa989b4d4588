import { OFFLINE_TEXT } from './messages';
import { defaultStore, type QueueStore } from './queue-store';
import type { QueuedAction } from './types';

/**
 * The adds kept while offline (docs/product.md section 16), in the browser's IndexedDB
 * (./queue-store.ts): a few small entries that must outlive closing the app. One entry per product
 * and kind: tapping "Add to Cart" twice for the same item adds two, a second heart is the same wish.
 */

export interface StoredAction extends QueuedAction {
  /** when it was tapped (ms) */
  at: number;
}

/** The entries that are adds this version understands; anything else is dropped. */
function valid(raw: unknown): StoredAction[] {
  if (!Array.isArray(raw)) return [];
  return (raw as StoredAction[]).filter(
    (a) =>
      (a?.kind === 'cart' || a?.kind === 'wishlist') && Number.isInteger(a.productId) && typeof a.name === 'string',
  );
}

export async function readQueue(store: QueueStore = defaultStore()): Promise<StoredAction[]> {
  return valid(await store.read());
}

/** Keeps an add; the same product's cart adds sum up, a wish already kept is kept once. */
export function addToQueue(
  action: QueuedAction,
  store: QueueStore = defaultStore(),
  now = Date.now(),
): Promise<StoredAction[]> {
  return store.update((raw) => {
    const actions = valid(raw);
    const same = actions.find((a) => a.kind === action.kind && a.productId === action.productId);
    if (same && action.kind === 'cart') same.quantity = (same.quantity ?? 1) + (action.quantity ?? 1);
    else if (!same) actions.push({ ...action, at: now });
    return { next: actions, result: actions };
  });
}

export type Outcome =
  | { action: StoredAction; status: 'added' }
  | { action: StoredAction; status: 'refused'; reason: string }
  | { action: StoredAction; status: 'kept' };

/** Whether a refusal means the add is done anyway: the item is already in the wishlist. */
const alreadyDone = (action: StoredAction, err: unknown) =>
  action.kind === 'wishlist' && (err as { status?: number } | null)?.status === 409;

/** No answer from the server (as send-or-queue.ts decides; written out so this chunk does not import it). */
const isNetworkFailure = (err: unknown): boolean => navigator.onLine === false || err instanceof TypeError;

let flushing: Promise<Outcome[]> | null = null;

/**
 * Sends every kept add, oldest first, with `send`. Each is added, or refused with the server's
 * reason; when the signal fails again, it and the rest are kept for the next time. Runs once at
 * a time: a second call while one runs gets the first one's outcomes.
 */
export function flushQueue(
  send: (action: StoredAction) => Promise<unknown>,
  store: QueueStore = defaultStore(),
): Promise<Outcome[]> {
  flushing ??= (async () => {
    const outcomes: Outcome[] = [];
    try {
      // taken out first, in one step: another tab flushing at the same time finds nothing to send
      const actions = await store.update((raw) => ({ next: [], result: valid(raw) }));
      let offline = false;
      for (const action of actions) {
        if (!offline) {
          try {
            await send(action);
            outcomes.push({ action, status: 'added' });
            continue;
          } catch (err) {
            if (alreadyDone(action, err)) {
              outcomes.push({ action, status: 'added' });
              continue;
            }
            if (!isNetworkFailure(err)) {
              const reason = err instanceof Error && err.message ? err.message : OFFLINE_TEXT.refusedUnknown;
              outcomes.push({ action, status: 'refused', reason });
              continue;
            }
            offline = true;
          }
        }
        outcomes.push({ action, status: 'kept' });
      }
      const kept = outcomes.filter((o) => o.status === 'kept').map((o) => o.action);
      // anything queued meanwhile stays after what is put back
      if (kept.length > 0) await store.update((raw) => ({ next: [...kept, ...valid(raw)], result: undefined }));
      return outcomes;
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** The message for an outcome, or null when there is nothing to say (kept for later). */
export function outcomeMessage(outcome: Outcome): string | null {
  const { action } = outcome;
  if (outcome.status === 'added') {
    return action.kind === 'cart' ? OFFLINE_TEXT.addedCart(action.name) : OFFLINE_TEXT.addedWishlist(action.name);
  }
  if (outcome.status === 'refused') {
    return action.kind === 'cart'
      ? OFFLINE_TEXT.refusedCart(action.name, outcome.reason)
      : OFFLINE_TEXT.refusedWishlist(action.name, outcome.reason);
  }
  return null;
}
