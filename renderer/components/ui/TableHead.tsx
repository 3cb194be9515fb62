import { clsx } from 'clsx';

export interface TableColumn {
  label: string;
  /** Figures are right-aligned. */
  numeric?: boolean;
}

/** The header row of a figures table: small uppercase labels, numbers aligned right. */
export function TableHead({ columns }: { columns: readonly TableColumn[] }) {
  return (
    <thead className="text-xs tracking-wide text-muted uppercase">
      <tr>
        {columns.map((column, index) => (
          <th
            key={column.label}
            scope="col"
            className={clsx(
              'py-2 font-medium',
              index < columns.length - 1 && 'pr-3',
              column.numeric && 'text-right',
            )}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
