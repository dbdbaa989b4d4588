import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

const columns = [
  { label: 'Order' },
  { label: 'Total', end: true },
  { label: <span className="visually-hidden">Actions</span> },
];

function Orders({ cards }: { cards?: boolean }) {
  return (
    <DataTable columns={columns} className="table" cards={cards}>
      <tbody>
        <tr>
          <th scope="row">#7</th>
          <td>Ksh 1,200</td>
          <td>
            <button type="button">Ship</button>
          </td>
        </tr>
      </tbody>
    </DataTable>
  );
}

describe('DataTable as cards on a phone', () => {
  it('labels each cell with its column, leaving a column of buttons unlabelled', () => {
    render(<Orders cards />);
    const table = screen.getByRole('table');
    expect(table).toHaveClass('table', 'table-cards');
    expect(screen.getByRole('rowheader', { name: '#7' })).toHaveAttribute('data-label', 'Order');
    expect(screen.getByRole('cell', { name: 'Ksh 1,200' })).toHaveAttribute('data-label', 'Total');
    expect(screen.getByRole('cell', { name: 'Ship' })).toHaveAttribute('data-label', '');
  });

  it('stays a plain table unless asked', () => {
    render(<Orders />);
    expect(screen.getByRole('table')).not.toHaveClass('table-cards');
    expect(screen.getByRole('cell', { name: 'Ksh 1,200' })).not.toHaveAttribute('data-label');
  });
});
