import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/lib/testing';
import { ProductSearch } from './product-search';

// Fake timers make the 300 ms rule exact; fireEvent (not user-event) because Testing Library's
// async wrapper waits on a real setTimeout that Vitest's fake timers would never fire.
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const type = (box: HTMLElement, value: string) => fireEvent.change(box, { target: { value } });

describe('ProductSearch', () => {
  it('asks for suggestions only from 2 characters, 300 ms after the last keystroke', async () => {
    const api = mockApi({
      'GET /api/products/search': ({ url }: { url: URL }) => [
        { id: 4, name: `Denim jacket (${url.searchParams.get('q')})`, price: 1500, image_url: null },
      ],
    });
    const searches = () => api.callsTo('GET /api/products/search');
    renderWithProviders(<ProductSearch onSearch={vi.fn()} />);
    const box = screen.getByRole('combobox', { name: 'Search products' });
    box.focus();

    type(box, 'd');
    await wait(1000);
    expect(searches()).toHaveLength(0);

    type(box, 'de');
    await wait(299);
    type(box, 'den');
    await wait(299);
    expect(searches()).toHaveLength(0);

    await wait(1);
    await wait(0);
    expect(searches()).toHaveLength(1);
    expect(searches()[0].url.searchParams.get('q')).toBe('den');

    const option = screen.getByRole('option', { name: /Denim jacket \(den\)/ });
    expect(option).toHaveTextContent('Ksh 1,500');
    expect(box).toHaveAttribute('aria-expanded', 'true');

    // Back under 2 characters: the list goes away and nothing more is asked.
    type(box, 'd');
    await wait(1000);
    expect(searches()).toHaveLength(1);
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('submits the typed text with the Search button', async () => {
    mockApi({ 'GET /api/products/search': [] });
    const onSearch = vi.fn();
    renderWithProviders(<ProductSearch onSearch={onSearch} />);

    type(screen.getByRole('combobox', { name: 'Search products' }), ' kitenge ');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('kitenge');
  });

  it('shows a thumbnail and the price in each suggestion', async () => {
    mockApi({
      'GET /api/products/search': [
        { id: 4, name: 'Air Max 90', price: 2500, image_url: '/uploads/air.webp', stock_quantity: 1 },
        { id: 5, name: 'Plain Tee', price: 300, image_url: null, stock_quantity: 1 },
      ],
    });
    const { container } = renderWithProviders(<ProductSearch onSearch={vi.fn()} />);
    const box = screen.getByRole('combobox', { name: 'Search products' });
    box.focus();
    type(box, 'nike 42');
    await wait(300);
    await wait(0);
    const first = screen.getByRole('option', { name: /Air Max 90/ });
    expect(first).toHaveTextContent('Ksh 2,500');
    expect(first.querySelector('img')).toHaveAttribute('src', '/uploads/air.webp');
    // without a photo, a placeholder square keeps the rows aligned
    expect(screen.getByRole('option', { name: /Plain Tee/ }).querySelector('.search-suggestion__thumb')).not.toBeNull();
    expect(container.querySelectorAll('.search-suggestion__thumb')).toHaveLength(2);
  });

  it('searches for the words in the box, even those typed before the app took the page over', async () => {
    mockApi({ 'GET /api/products': { body: [], headers: { 'X-Total-Count': '0' } } });
    const onSearch = vi.fn();
    renderWithProviders(<ProductSearch onSearch={onSearch} />);
    const box = screen.getByRole('combobox', { name: 'Search products' }) as HTMLInputElement;
    // typed into the server's page: the field has the words, the app's state does not yet
    box.value = 'sweater';
    fireEvent.submit(box.closest('form')!);
    expect(onSearch).toHaveBeenCalledWith('sweater');
    await wait(0);
    expect(box).toHaveValue('sweater');
  });
});
