import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFlashMessage } from './use-flash-message';

afterEach(() => vi.useRealTimers());

describe('useFlashMessage', () => {
  it('clears a message after 3 s, and a newer message starts the 3 s again', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useFlashMessage());

    act(() => result.current.show('success', 'Review saved!'));
    expect(result.current.message).toEqual({ variant: 'success', text: 'Review saved!' });
    act(() => vi.advanceTimersByTime(2000));
    act(() => result.current.show('danger', 'Delete failed'));
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current.message).toEqual({ variant: 'danger', text: 'Delete failed' });
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.message).toBeNull();
  });
});
