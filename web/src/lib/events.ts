import { useEffect, useRef } from 'react';

/** Window events that tell the navbar badges (and any open list) that server data changed (docs/product.md section 4). */
export type AppEvent = 'cartUpdated' | 'wishlistUpdated' | 'ordersUpdated' | 'login' | 'logout';

export function emitAppEvent(name: AppEvent): void {
  window.dispatchEvent(new Event(name));
}

/** Runs `handler` whenever one of the named window events fires; the latest handler is always used. */
export function useAppEvent(names: AppEvent | AppEvent[], handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const key = Array.isArray(names) ? names.join(' ') : names;
  useEffect(() => {
    const list = key.split(' ');
    const listener = () => latest.current();
    for (const name of list) window.addEventListener(name, listener);
    return () => {
      for (const name of list) window.removeEventListener(name, listener);
    };
  }, [key]);
}
