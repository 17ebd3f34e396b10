import {
  Cell as AriaCell,
  Column as AriaColumn,
  Row as AriaRow,
  Table as AriaTable,
  TableBody as AriaTableBody,
  TableHeader as AriaTableHeader,
  type CellProps,
  type ColumnProps,
  type RowProps,
  type TableBodyProps,
  type TableHeaderProps,
  type TableProps,
} from 'react-aria-components';

export type { SortDescriptor } from 'react-aria-components';

export function Table(props: Omit<TableProps, 'className'>) {
  return <AriaTable {...props} className="table" />;
}

export function TableHeader<T extends object>(props: Omit<TableHeaderProps<T>, 'className'>) {
  return <AriaTableHeader {...props} className="table__header" />;
}

interface AppColumnProps extends Omit<ColumnProps, 'className' | 'children'> {
  children: string;
  className?: string;
}

/** A header cell; sortable ones show ▲ (ascending) or ▼ (descending) while the table is sorted by them. */
export function Column({ children, className, ...props }: AppColumnProps) {
  return (
    <AriaColumn {...props} className={['table__column', className].filter(Boolean).join(' ')}>
      {({ allowsSorting, sortDirection }) => (
        <span className="table__column-label">
          {children}
          {allowsSorting ? (
            <span aria-hidden="true" className="table__sort-arrow">
              {sortDirection === 'ascending' ? '▲' : sortDirection === 'descending' ? '▼' : ''}
            </span>
          ) : null}
        </span>
      )}
    </AriaColumn>
  );
}

export function TableBody<T extends object>(props: Omit<TableBodyProps<T>, 'className'>) {
  return <AriaTableBody {...props} className="table__body" />;
}

export function Row<T extends object>(props: Omit<RowProps<T>, 'className'>) {
  return <AriaRow {...props} className="table__row" />;
}

export function Cell({ className, ...props }: Omit<CellProps, 'className'> & { className?: string }) {
  return <AriaCell {...props} className={['table__cell', className].filter(Boolean).join(' ')} />;
}
