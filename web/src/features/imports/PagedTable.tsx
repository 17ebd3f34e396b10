import { useState, type ReactNode } from 'react';
import { Pagination } from '../../ui/Pagination';

const PAGE_SIZES = [25, 50, 100] as const;

interface PagedTableProps<T> {
  /** Names the table for screen readers: "Rows that will not import". */
  caption: string;
  columns: readonly string[];
  items: readonly T[];
  rowKey(item: T, index: number): string;
  /** The cells of one row, the first a row header. */
  row(item: T): ReactNode;
  className?: string;
}

/**
 * A plain table of many rows, a page at a time: thousands of refused rows stay quick to draw and to read, on a phone
 * as on a desktop.
 */
export function PagedTable<T>({ caption, columns, items, rowKey, row, className }: PagedTableProps<T>) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const shown = Math.min(page, pageCount);
  const first = (shown - 1) * pageSize;
  return (
    <>
      {/* A region the keyboard can reach, so a phone's narrow table can be scrolled sideways without a pointer. */}
      <div
        className={['table-scroll', className].filter(Boolean).join(' ')}
        tabIndex={0}
        role="region"
        aria-label={caption}
      >
        <table className="simple-table">
          <caption className="visually-hidden">
            {caption}
            {pageCount > 1 ? `, page ${shown} of ${pageCount}` : ''}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.slice(first, first + pageSize).map((item, index) => (
              <tr key={rowKey(item, first + index)}>{row(item)}</tr>
            ))}
          </tbody>
        </table>
      </div>
      {items.length > PAGE_SIZES[0] ? (
        <Pagination
          page={shown}
          pageCount={pageCount}
          pageSize={pageSize}
          pageSizes={PAGE_SIZES}
          label={`Pages of ${caption.toLowerCase()}`}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      ) : null}
    </>
  );
}
