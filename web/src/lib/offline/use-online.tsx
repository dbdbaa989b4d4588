import { useSyncExternalStore } from 'react';
import { OFFLINE_TEXT } from './messages';

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/** Whether the browser has a connection now (true on the server, which always has). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The cart and checkout without a signal (docs/product.md section 16): an honest refusal in place of
 * the screen, never a copy of what it showed before: stock and prices are checked live.
 */
export function OfflineRefusal({ message = OFFLINE_TEXT.checkout }: { message?: string }) {
  return (
    <div className="alert alert-warning" role="alert" data-testid="offline-refusal">
      {message}
    </div>
  );
}
