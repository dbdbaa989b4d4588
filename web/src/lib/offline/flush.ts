import { api } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';
import { isGuest } from '@/lib/guest-store';
import { toast } from '@/lib/toast';
import { OFFLINE_TEXT } from './messages';
import { addToQueue, flushQueue, outcomeMessage, readQueue, type StoredAction } from './queue';
import type { Queued, QueuedAction } from './types';

/** The add as the buttons make it (lib/api/add-to-cart.ts, add-to-wishlist.ts), sent now. */
async function send(action: StoredAction): Promise<void> {
  if (isGuest()) {
    const guest = await import('@/lib/guest-store-add');
    if (action.kind === 'cart') await guest.addToGuestCart(action.productId, action.quantity ?? 1);
    else await guest.addToGuestWishlist(action.productId);
  } else if (action.kind === 'cart') {
    await api.post('/cart/add', { product_id: action.productId, quantity: action.quantity ?? 1 });
  } else {
    await api.post('/wishlist', { product_id: action.productId });
  }
}

/**
 * Sends the adds kept while offline and tells the shopper how each went; the cart and wishlist
 * badges and lists refetch. Called when the signal returns and when a page loads.
 */
export async function flushAndTell(): Promise<void> {
  if (navigator.onLine === false || (await readQueue()).length === 0) return;
  const outcomes = await flushQueue(send);
  for (const outcome of outcomes) {
    const message = outcomeMessage(outcome);
    if (!message) continue;
    const id = `queued-${outcome.action.kind}-${outcome.action.productId}`;
    if (outcome.status === 'added') toast.success(message, { toastId: id });
    else toast.error(message, { toastId: id });
  }
  if (outcomes.some((o) => o.status !== 'kept' && o.action.kind === 'cart')) emitAppEvent('cartUpdated');
  if (outcomes.some((o) => o.status !== 'kept' && o.action.kind === 'wishlist')) emitAppEvent('wishlistUpdated');
}

/** Keeps an add and says so; the queue is sent when the signal returns (lib/offline/register.ts). */
export async function enqueueAction(action: QueuedAction): Promise<Queued> {
  // the shopper is told it is kept only once it is
  await addToQueue(action);
  window.addEventListener('online', onOnline);
  return {
    queued: true,
    message: action.kind === 'cart' ? OFFLINE_TEXT.queuedCart(action.name) : OFFLINE_TEXT.queuedWishlist(action.name),
  };
}

function onOnline(): void {
  window.removeEventListener('online', onOnline);
  void flushAndTell();
}
