import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/lib/testing';
import { CategoryCarousel } from './category-carousel';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('CategoryCarousel', () => {
  it('lists ALL and the categories in upper case, highlights the current one, and scrolls by 70%', async () => {
    mockApi({
      'GET /api/categories': [
        { id: 1, name: 'Dresses' },
        { id: 2, name: 'Kitenge & Traditional' },
      ],
    });
    const scrollBy = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollBy', { configurable: true, value: scrollBy });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(500);
    renderWithProviders(<CategoryCarousel />, { path: '/products/category/2' });
    const nav = screen.getByRole('navigation', { name: 'Shop by category' });

    expect(await within(nav).findByRole('link', { name: 'KITENGE & TRADITIONAL' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'DRESSES' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'ALL' })).toHaveAttribute('href', '/products');

    const user = userEvent.setup();
    await user.click(within(nav).getByRole('button', { name: 'Scroll categories right' }));
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: 350 }));
    await user.click(within(nav).getByRole('button', { name: 'Scroll categories left' }));
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: -350 }));
  });

  it('shows 5 placeholders while the categories load', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderWithProviders(<CategoryCarousel />);
    expect(document.querySelectorAll('.category-pill.placeholder-glow')).toHaveLength(5);
  });

  it('moves on by one step every 5 s and back to the start, not while hovered, and stops once touched', () => {
    mockApi({ 'GET /api/categories': [{ id: 1, name: 'Dresses' }] });
    const scrollBy = vi.fn();
    const scrollTo = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollBy', { configurable: true, value: scrollBy });
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: scrollTo });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(500);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1200);
    let scrollLeft = 0;
    vi.spyOn(HTMLElement.prototype, 'scrollLeft', 'get').mockImplementation(() => scrollLeft);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderWithProviders(<CategoryCarousel />);
    const nav = screen.getByRole('navigation', { name: 'Shop by category' });
    const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

    tick(4999);
    expect(scrollBy).not.toHaveBeenCalled();
    tick(1);
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: 350 }));

    scrollLeft = 700;
    tick(5000);
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 0 }));

    scrollLeft = 0;
    scrollBy.mockClear();
    fireEvent.pointerEnter(nav);
    tick(10_000);
    expect(scrollBy).not.toHaveBeenCalled();
    fireEvent.pointerLeave(nav);
    tick(5000);
    expect(scrollBy).toHaveBeenCalledTimes(1);

    fireEvent.touchStart(nav);
    tick(20_000);
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });

  it("scrolls the chosen category's pill into view on a category page", async () => {
    mockApi({
      'GET /api/categories': Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Category ${i + 1}` })),
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
    vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('category-pill') ? 1200 : 0;
    });
    renderWithProviders(<CategoryCarousel />, { path: '/products/category/11' });
    const nav = screen.getByRole('navigation', { name: 'Shop by category' });
    await within(nav).findByRole('link', { name: 'CATEGORY 11' });
    const track = nav.querySelector<HTMLElement>('.category-carousel__track')!;
    // centred: 1200 - (300 - 100) / 2
    expect(track.scrollLeft).toBe(1100);
  });
});
