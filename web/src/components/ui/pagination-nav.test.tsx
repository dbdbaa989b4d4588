import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination-nav';

describe('pageWindow', () => {
  it('keeps the first, last and neighbouring pages, with gaps between', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 'gap', 10]);
  });
});
