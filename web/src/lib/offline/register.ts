import { hideOfflineNote, showOfflineNote, SW_MESSAGE } from './note';
import { readQueue } from './queue';

/** The mark set once a page load has looked for adds kept while offline. */
const QUEUE_READ_MARK = 'mtumba:offline-queue-read';

/**
 * The installed app's part of the page (docs/architecture.md section 21), loaded by main.tsx once
 * the page is idle, in production builds only: registers the service worker (/sw.js, scope /),
 * shows the offline note when the service worker answered from what it kept, and sends the adds
 * kept while offline when the signal returns, and on every page load.
 */
export function startOfflineSupport(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // no service worker (private mode, an old browser): the shop works as a plain web page
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; cachedAt?: number }>) => {
    if (event.data?.type === SW_MESSAGE && typeof event.data.cachedAt === 'number')
      showOfflineNote(event.data.cachedAt);
  });
  const flush = () => void import('./flush').then((m) => m.flushAndTell());
  window.addEventListener('online', () => {
    hideOfflineNote();
    flush();
  });
  if (navigator.onLine)
    void readQueue()
      .then(
        (kept) => kept.length > 0 && flush(),
        () => undefined, // no storage to read (a private window that refuses it): nothing was kept
      )
      // a User Timing mark (DevTools and Lighthouse show it): the kept adds have been looked for
      .finally(() => performance.mark(QUEUE_READ_MARK));
}
