// Every word the installed app and its service worker show about the signal (docs/product.md
// section 16), in one place so it can be translated. Imported by the service worker (src/sw.ts)
// and by the lazy offline modules, never by the home page's first download.

/** A time of day as the shop writes it (en-KE, 24-hour: "14:05"). */
export function timeOfDay(at: number | Date): string {
  return new Date(at).toLocaleTimeString('en-KE', { hour: '2-digit', minute: '2-digit' });
}

export const OFFLINE_TEXT = {
  /** the note over a page or list read from this phone because the network failed */
  showingSaved: (at: number) => `Offline — showing what you saw at ${timeOfDay(at)}`,
  /** the heading of the pages the app refuses to show without a connection */
  offlineTitle: "You're offline",
  checkout: "You're offline. Checkout needs a connection so stock and prices are checked live.",
  cart: "You're offline. Your cart needs a connection so stock and prices are checked live.",
  wishlist: "You're offline. Your wishlist needs a connection so stock and prices are checked live.",
  account: "You're offline. This page needs a connection: it always shows what the shop has now.",
  notSaved: "You're offline, and this page was not saved on this phone. Pages you opened before can still be read.",
  backHome: 'Go to the home page',
  tryAgain: 'Try again',
  queuedCart: (name: string) => `You're offline. "${name}" will be added to your cart when the signal is back.`,
  queuedWishlist: (name: string) => `You're offline. "${name}" will be added to your wishlist when the signal is back.`,
  addedCart: (name: string) => `Back online: "${name}" was added to your cart.`,
  addedWishlist: (name: string) => `Back online: "${name}" was added to your wishlist.`,
  refusedCart: (name: string, reason: string) => `"${name}" could not be added to your cart: ${reason}`,
  refusedWishlist: (name: string, reason: string) => `"${name}" could not be added to your wishlist: ${reason}`,
  refusedUnknown: 'the shop did not accept it.',
} as const;
