import type { ReactNode } from 'react';

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
  children,
}: DataTableProps) {
  const table = (
    <table aria-label={ariaLabel} className={className}>
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
