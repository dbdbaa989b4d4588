import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deliveryFeeText, PriceSummary } from './price-summary';

describe('PriceSummary', () => {
  it('words the delivery fee: paid to the rider, free, or the fee in Ksh', () => {
    expect(deliveryFeeText('Paid custom delivery', 0)).toBe('Paid to the rider');
    expect(deliveryFeeText('CBD Delivery', 0)).toBe('Free');
    expect(deliveryFeeText('CBD Delivery', 50)).toBe('Ksh 50');
  });

  it('lists the offers and the amounts in Ksh, the discount as a minus', () => {
    render(
      <PriceSummary
        discounts={['Bulk Discount - Ksh 50 off']}
        discountsLabel="Applied discounts"
        subtotal={1100}
        discount={160}
        delivery="Ksh 50"
        total={990}
        totalLabel="Total"
        totalTestId="order-total"
      />,
    );
    expect(screen.getByRole('list', { name: 'Applied discounts' })).toHaveTextContent('Bulk Discount - Ksh 50 off');
    expect(screen.getByText('Discount').nextElementSibling).toHaveTextContent('− Ksh 160');
    expect(screen.getByText('Delivery fee').nextElementSibling).toHaveTextContent('Ksh 50');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Ksh 990');
  });
});
