import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OrderStatus } from '@mtumba/contract/order-states';
import { OrderStatusSelect, statusChoices } from './order-status-select';

const offered = () =>
  within(screen.getByRole('combobox', { name: 'Status' }))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('order status select', () => {
  it.each<[OrderStatus, string[]]>([
    ['pending', ['Pending', 'Cancelled']],
    ['processing', ['Processing', 'Shipped', 'Cancelled']],
    ['shipped', ['Shipped', 'Delivered']],
    ['delivered', ['Delivered']],
    ['cancelled', ['Cancelled']],
  ])('from %s offers only the allowed moves', (status, expected) => {
    render(<OrderStatusSelect status={status} onChange={() => {}} aria-label="Status" />);
    expect(offered()).toEqual(expected);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue(status);
  });

  it('has nothing to choose for final statuses', () => {
    render(<OrderStatusSelect status="delivered" onChange={() => {}} aria-label="Status" />);
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeDisabled();
    expect(statusChoices('cancelled')).toEqual(['cancelled']);
  });

  it('reports the chosen status and is disabled while saving', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(<OrderStatusSelect status="processing" onChange={onChange} aria-label="Status" />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'shipped');
    expect(onChange).toHaveBeenCalledWith('shipped');

    rerender(<OrderStatusSelect status="processing" onChange={onChange} saving aria-label="Status" />);
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveAttribute('aria-busy', 'true');
  });
});
