/** An add kept while offline (./queue.ts), and what the add returns then (./send-or-queue.ts). */

export interface QueuedAction {
  kind: 'cart' | 'wishlist';
  productId: number;
  /** cart only: how many */
  quantity?: number;
  /** the product's name, for the message when it is sent or refused */
  name: string;
}

/** What an add returns when it was kept for later instead of sent. */
export interface Queued {
  queued: true;
  /** what to tell the shopper now */
  message: string;
}
