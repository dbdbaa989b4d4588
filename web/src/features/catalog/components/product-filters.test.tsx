import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProductFacets } from '@mtumba/contract/product';
import { renderWithProviders } from '@/lib/testing';
import { ActiveFilters, priceBand, ProductFilters } from './product-filters';

const facets: ProductFacets = {
  sizes: [
    { value: '42', count: 2 },
    { value: 'M', count: 1 },
  ],
  conditions: [{ value: 'like new', count: 3 }],
  colors: [{ value: 'Navy', count: 1 }],
  prices: [
    { min: 0, max: 499.99, count: 1 },
    { min: 500, max: 999.99, count: 2 },
    { min: 2000, max: null, count: 1 },
  ],
  did_you_mean: null,
};

describe('ProductFilters', () => {
  it('offers what is in stock as chips that apply at once, and a second tap removes the choice', async () => {
    const onApply = vi.fn();
    const { rerender } = renderWithProviders(<ProductFilters value={{}} facets={facets} onApply={onApply} />);
    const user = userEvent.setup();
    const sizes = screen.getByRole('group', { name: 'Size' });
    expect(
      within(sizes)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['M1', '422']);
    expect(screen.getByRole('group', { name: 'Condition' })).toHaveTextContent('Like new3');
    expect(screen.getByRole('group', { name: 'Colour' })).toHaveTextContent('Navy1');
    expect(
      within(screen.getByRole('group', { name: 'Price' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Under Ksh 5001', 'Ksh 500–Ksh 9992', 'Ksh 2,000+1']);

    await user.click(within(sizes).getByRole('button', { name: /^42/ }));
    expect(onApply).toHaveBeenLastCalledWith({ size: '42' });
    await user.click(screen.getByRole('button', { name: /^Ksh 500/ }));
    expect(onApply).toHaveBeenLastCalledWith({ min_price: '500', max_price: '999.99' });

    rerender(<ProductFilters value={{ size: '42' }} facets={facets} onApply={onApply} />);
    const chosen = within(screen.getByRole('group', { name: 'Size' })).getByRole('button', { name: /^42/ });
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    await user.click(chosen);
    expect(onApply).toHaveBeenLastCalledWith({ size: undefined });
  });

  it('reads price bands as chips and URL values', () => {
    expect(priceBand({ min: 0, max: 499.99 })).toEqual({
      label: 'Under Ksh 500',
      max_price: '499.99',
      min_price: undefined,
    });
    expect(priceBand({ min: 2000, max: null })).toEqual({
      label: 'Ksh 2,000+',
      min_price: '2000',
      max_price: undefined,
    });
  });
});

describe('ActiveFilters', () => {
  it('shows the filters in force as removable chips', async () => {
    const onRemove = vi.fn();
    const onClearAll = vi.fn();
    renderWithProviders(
      <ActiveFilters
        value={{ size: '42', condition: 'like new', max_price: '999.99' }}
        q="nike"
        onRemove={onRemove}
        onClearAll={onClearAll}
      />,
    );
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Active filters' });
    expect(within(group).getByRole('button', { name: 'Remove Size: 42' })).toBeVisible();
    expect(within(group).getByRole('button', { name: 'Remove Condition: Like new' })).toBeVisible();
    expect(within(group).getByRole('button', { name: 'Remove Up to: Ksh 999.99' })).toBeVisible();
    await user.click(within(group).getByRole('button', { name: 'Remove Size: 42' }));
    expect(onRemove).toHaveBeenCalledWith('size');
    await user.click(within(group).getByRole('button', { name: 'Remove search “nike”' }));
    expect(onRemove).toHaveBeenCalledWith('q');
    await user.click(within(group).getByRole('button', { name: 'Clear all' }));
    expect(onClearAll).toHaveBeenCalled();
  });

  it('is absent without filters', () => {
    renderWithProviders(<ActiveFilters value={{}} onRemove={vi.fn()} onClearAll={vi.fn()} />);
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();
  });
});
