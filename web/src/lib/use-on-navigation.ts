import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Runs `onNavigate` each time the shopper moves to another address (the path, and with
 * `withSearch` the query too), never on the first render. An effect written as "close on every
 * location" also runs once when the component mounts, and on a slow phone a tap can land between
 * the page being drawn and that first run: the menu or dialog it opened would be closed at once.
 */
export function useOnNavigation(onNavigate: () => void, { withSearch = false } = {}): void {
  const { pathname, search } = useLocation();
  const address = withSearch ? `${pathname}${search}` : pathname;
  const seen = useRef(address);
  const latest = useRef(onNavigate);
  useEffect(() => {
    latest.current = onNavigate;
  });
  useEffect(() => {
    if (seen.current === address) return;
    seen.current = address;
    latest.current();
  }, [address]);
}
