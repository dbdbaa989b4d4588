import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@mtumba/contract/constants';

export interface FlashMessage {
  variant: 'success' | 'danger' | 'warning' | 'info';
  text: string;
}

/**
 * A message that clears itself (docs/product.md section 9: the status banner, review and admin messages
 * clear after 3 s). Showing a new one restarts the clock.
 */
export function useFlashMessage(durationMs: number = TIMINGS.bannerMs) {
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback(
    (variant: FlashMessage['variant'], text: string) => {
      clearTimeout(timer.current);
      setMessage({ variant, text });
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { message, show, clear };
}
