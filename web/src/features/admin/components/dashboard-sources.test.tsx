import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DashboardSources } from './dashboard-sources';

describe('Where orders come from', () => {
  it('shows each source’s arrivals, orders, conversion and sales, with dashes where nothing is counted', () => {
    render(
      <DashboardSources
        sources={[
          { source: 'whatsapp', label: 'WhatsApp', orders: 3, revenue: 4500, visits: 40, conversion: 0.075 },
          { source: 'phone', label: 'Phone (manual order)', orders: 1, revenue: 800, visits: null, conversion: null },
        ]}
      />,
    );
    const whatsapp = within(screen.getByTestId('source-whatsapp'));
    expect(whatsapp.getByText('WhatsApp')).toBeInTheDocument();
    expect(whatsapp.getByText('40')).toBeInTheDocument();
    expect(whatsapp.getByText('7.5%')).toBeInTheDocument();
    expect(whatsapp.getByText('Ksh 4,500')).toBeInTheDocument();
    const phone = within(screen.getByTestId('source-phone'));
    expect(phone.getAllByText('—')).toHaveLength(2);
  });

  it('says so when the period has nothing', () => {
    render(<DashboardSources sources={[]} />);
    expect(screen.getByText('No sales or arrivals in this period.')).toBeInTheDocument();
  });
});
