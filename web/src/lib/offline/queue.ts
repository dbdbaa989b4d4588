import { OFFLINE_TEXT } from './messages';
import type { QueuedAction } from './types';

/**
 * The adds kept while offline (docs/product.md section 16), in local storage: a few small entries
 * that must outlive closing the app. One entry per product and kind: tapping "Add to Cart" twice
 * for the same item adds two, a second heart is the same wish.
 */
const KEY = 'offline_queue';

export interface StoredAction extends QueuedAction {
  /** when it was tapped (ms) */
  at: number;
}

export function readQueue(storage: Storage = localStorage): StoredAction[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return (parsed as StoredAction[]).filter(
      (a) =>
        (a?.kind === 'cart' || a?.kind === 'wishlist') && Number.isInteger(a.productId) && typeof a.name === 'string',
    );
  } catch {
    return [];
  }
}

function writeQueue(actions: StoredAction[], storage: Storage): void {
  if (actions.length === 0) storage.removeItem(KEY);
  else storage.setItem(KEY, JSON.stringify(actions));
}

/** Keeps an add; the same product's cart adds sum up, a wish already kept is kept once. */
export function addToQueue(action: QueuedAction, storage: Storage = localStorage, now = Date.now()): StoredAction[] {
  const actions = readQueue(storage);
  const same = actions.find((a) => a.kind === action.kind && a.productId === action.productId);
  if (same && action.kind === 'cart') same.quantity = (same.quantity ?? 1) + (action.quantity ?? 1);
  else if (!same) actions.push({ ...action, at: now });
  writeQueue(actions, storage);
  return actions;
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
  storage: Storage = localStorage,
): Promise<Outcome[]> {
  flushing ??= (async () => {
    const outcomes: Outcome[] = [];
    try {
      const actions = readQueue(storage);
      // taken out first: another tab flushing at the same time finds nothing to send
      writeQueue([], storage);
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
      writeQueue([...kept, ...readQueue(storage)], storage);
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
