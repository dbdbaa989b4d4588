import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Once `when` turns true, goes to `to` after `delayMs` (docs/product.md section 9: /verify-email 2.5 s
 * after registering, /login 3 s after a forgot or reset request). Leaving the form first cancels it.
 */
export function useRedirectAfter(when: boolean, to: string, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const timer = window.setTimeout(() => navigate(to), delayMs);
    return () => window.clearTimeout(timer);
  }, [when, to, delayMs, navigate]);
}
