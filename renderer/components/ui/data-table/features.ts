import {
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type Row,
  type RowData,
  type Table,
} from '@tanstack/react-table';

/** The TanStack features every DataTable has; pagination and client sorting switch off per table. */
export const features = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  rowPaginationFeature,
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
});

export type Features = typeof features;
export type TableRow<T extends RowData> = Row<Features, T>;
export type DataTableInstance<T extends RowData> = Table<Features, T>;

/** The same CSS grid for the header and every row, so the columns line up without a <table>. */
export const gridStyle = (template: string) => ({ display: 'grid', gridTemplateColumns: template });
