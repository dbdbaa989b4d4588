import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Where the browser's address stood at the shopper's last tap, click or key press, and when.
 * The router changes the address at once but draws the new page only once its code (and, for some
 * screens, its data) has arrived; on a slow phone the shopper can already be using the navbar in
 * that gap, for instance opening the account menu right after signing in.
 */
let lastAct: { pathname: string; search: string; at: number } | null = null;

function noteAct(): void {
  lastAct = { pathname: window.location.pathname, search: window.location.search, at: performance.now() };
}

if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', noteAct, true);
  document.addEventListener('keydown', noteAct, true);
}

/**
 * Whether the shopper tapped or typed after `since` (a `performance.now()` time) while the
 * browser's address was already `pathname` + `search`: the page at that address was drawn after
 * they had started using the screen, so it must not close what they opened or move their focus.
 */
export function actedOnAddress(since: number, pathname: string, search: string): boolean {
  if (!lastAct || lastAct.at <= since) return false;
  return lastAct.pathname === pathname && lastAct.search === search;
}

/**
 * Runs `onNavigate` each time the shopper moves to another address (the path, and with
 * `withSearch` the query too), never on the first render. An effect written as "close on every
 * location" also runs once when the component mounts, and on a slow phone a tap can land between
 * the page being drawn and that first run: the menu or dialog it opened would be closed at once.
 * For the same reason a navigation that was still loading when the shopper acted again does not
 * count: what they opened in the meantime stays open.
 */
export function useOnNavigation(onNavigate: () => void, { withSearch = false } = {}): void {
  const { pathname, search } = useLocation();
  const address = withSearch ? `${pathname}${search}` : pathname;
  const seen = useRef(address);
  const seenAt = useRef(0);
  const latest = useRef(onNavigate);
  useEffect(() => {
    latest.current = onNavigate;
  });
  useEffect(() => {
    if (seen.current === address) return;
    const since = seenAt.current;
    seen.current = address;
    seenAt.current = performance.now();
    if (actedOnAddress(since, pathname, search)) return;
    latest.current();
    // The address alone decides when to run; the path and query are read from the same render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address]);
}
