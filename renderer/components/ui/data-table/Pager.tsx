import type { RowData } from '@tanstack/react-table';
import type { DataTableInstance } from './features';

const BUTTON =
  'rounded-md border border-line px-2.5 py-1 text-xs font-medium text-fg hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-50';

/** Previous and Next under a paginated table, with where the reader is. */
export function Pager<T extends RowData>({ table }: { table: DataTableInstance<T> }) {
  const pages = Math.max(table.getPageCount(), 1);
  const page = (table.atoms.pagination?.get().pageIndex ?? 0) + 1;
  return (
    <nav aria-label="Pages" className="flex items-center justify-end gap-3 pt-3 text-xs text-muted">
      <span>
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className={BUTTON}
        onClick={() => table.previousPage()}
        disabled={!table.getCanPreviousPage()}
      >
        Previous
      </button>
      <button
        type="button"
        className={BUTTON}
        onClick={() => table.nextPage()}
        disabled={!table.getCanNextPage()}
      >
        Next
      </button>
    </nav>
  );
}
