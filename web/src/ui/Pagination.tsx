import { Button } from './Button';
import { Select } from './Select';

interface PaginationProps {
  page: number;
  pageCount: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange(page: number): void;
  onPageSizeChange(pageSize: number): void;
  isDisabled?: boolean;
  /** Names the navigation where a screen has more than one paged list. */
  label?: string;
}

export function Pagination({
  page,
  pageCount,
  pageSize,
  pageSizes,
  onPageChange,
  onPageSizeChange,
  isDisabled = false,
  label = 'Pagination',
}: PaginationProps) {
  const isFirst = page <= 1;
  const isLast = page >= pageCount;
  return (
    <nav className="pagination" aria-label={label}>
      <div className="pagination__buttons">
        <Button
          variant="secondary"
          aria-label="First page"
          isDisabled={isDisabled || isFirst}
          onPress={() => onPageChange(1)}
        >
          «
        </Button>
        <Button
          variant="secondary"
          aria-label="Previous page"
          isDisabled={isDisabled || isFirst}
          onPress={() => onPageChange(page - 1)}
        >
          ‹
        </Button>
        <span className="pagination__status" aria-live="polite">
          Page {page} of {pageCount}
        </span>
        <Button
          variant="secondary"
          aria-label="Next page"
          isDisabled={isDisabled || isLast}
          onPress={() => onPageChange(page + 1)}
        >
          ›
        </Button>
        <Button
          variant="secondary"
          aria-label="Last page"
          isDisabled={isDisabled || isLast}
          onPress={() => onPageChange(pageCount)}
        >
          »
        </Button>
      </div>
      <Select
        className="pagination__size"
        label="Rows per page"
        hideLabel
        options={pageSizes.map((size) => ({ id: String(size), label: `Show ${size}` }))}
        value={String(pageSize)}
        onChange={(value) => onPageSizeChange(Number(value))}
        isDisabled={isDisabled}
      />
    </nav>
  );
}
