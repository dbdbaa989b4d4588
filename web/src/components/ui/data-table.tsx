import { useLayoutEffect, useRef, type ReactNode } from 'react';

export interface DataColumn {
  /** the header cell's content: text, or a visually hidden span for a column of buttons */
  label: ReactNode;
  /** a column of numbers: the header is right-aligned like its cells */
  end?: boolean;
  /** more classes on the header cell, e.g. 'd-none d-md-table-cell' */
  className?: string;
}

interface DataTableProps {
  columns: readonly DataColumn[];
  /** the table's classes, written out in full: 'table table-sm align-middle' */
  className: string;
  /** the table's <caption> element, if it has one */
  caption?: ReactNode;
  'aria-label'?: string;
  /** wrap the table in a horizontally scrolling div.table-responsive (the default) */
  responsive?: boolean;
  /** more classes on the scrolling wrapper, e.g. 'mt-2' */
  wrapperClassName?: string;
  /**
   * Below tablet width (768 px) each row is a card: one line per cell, labelled with its column's
   * header (a column whose header is visually hidden, such as one of buttons, goes unlabelled).
   */
  cards?: boolean;
  /** the <tbody> (and <tfoot>) */
  children: ReactNode;
}

/**
 * A table of records with its header row drawn from a list of columns (scope="col" cells, numeric
 * columns right-aligned); the body rows are the caller's.
 */
export function DataTable({
  columns,
  className,
  caption,
  'aria-label': ariaLabel,
  responsive = true,
  wrapperClassName,
  cards = false,
  children,
}: DataTableProps) {
  const ref = useRef<HTMLTableElement>(null);
  // The cards' labels come from the header row, so a caller's rows stay plain <td>s.
  useLayoutEffect(() => {
    if (cards && ref.current) labelCells(ref.current);
  });
  const table = (
    <table aria-label={ariaLabel} className={cards ? `${className} table-cards` : className} ref={ref}>
      {caption}
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th
              key={index}
              scope="col"
              className={[column.end ? 'text-end' : '', column.className ?? ''].filter(Boolean).join(' ') || undefined}
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      {children}
    </table>
  );
  if (!responsive) return table;
  return <div className={wrapperClassName ? `table-responsive ${wrapperClassName}` : 'table-responsive'}>{table}</div>;
}

/**
 * Gives each body cell a `data-label`: its column header's text, empty when the header is only for
 * screen readers. The roles are written out because a browser may stop treating a table laid out
 * as blocks (the cards) as a table.
 */
function labelCells(table: HTMLTableElement): void {
  const setRole = (el: Element, role: string) => {
    if (el.getAttribute('role') !== role) el.setAttribute('role', role);
  };
  setRole(table, 'table');
  for (const group of Array.from(table.querySelectorAll(':scope > thead, :scope > tbody, :scope > tfoot'))) {
    setRole(group, 'rowgroup');
  }
  for (const row of Array.from(table.rows)) {
    setRole(row, 'row');
    for (const cell of Array.from(row.cells)) {
      const header = cell.tagName === 'TH';
      setRole(cell, !header ? 'cell' : cell.getAttribute('scope') === 'row' ? 'rowheader' : 'columnheader');
    }
  }
  const headers = Array.from(table.tHead?.rows[0]?.cells ?? []).map((th) =>
    th.querySelector('.visually-hidden')?.textContent === th.textContent ? '' : (th.textContent ?? '').trim(),
  );
  for (const body of Array.from(table.tBodies)) {
    for (const row of Array.from(body.rows)) {
      let column = 0;
      for (const cell of Array.from(row.cells)) {
        const label = cell.colSpan > 1 ? '' : (headers[column] ?? '');
        if (cell.dataset.label !== label) cell.dataset.label = label;
        column += cell.colSpan;
      }
    }
  }
}
