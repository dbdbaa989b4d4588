import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDebouncedValue', () => {
  it('settles on the latest value only after the delay has passed without a newer one', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: 'd' },
    });
    expect(result.current).toBe('d');

    rerender({ value: 'de' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'den' });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe('d');

    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('den');
  });
});
