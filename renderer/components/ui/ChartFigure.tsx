import type { ReactNode } from 'react';

export interface ChartColumn<Row> {
  label: string;
  value: (row: Row) => ReactNode;
}

/**
 * A chart with its text alternative (issue 17): the drawing is hidden from assistive technology, and the
 * same figures are read from a visually hidden table named by `summary`. The chart inside must not be
 * focusable — pass `accessibilityLayer={false}` to recharts — since focus inside an aria-hidden element
 * would land on something a screen reader cannot name.
 */
export function ChartFigure<Row>({
  summary,
  columns,
  rows,
  rowKey,
  className,
  children,
}: {
  /** One sentence saying what the chart shows; the table's caption. */
  summary: string;
  columns: readonly ChartColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The drawing's size (recharts' ResponsiveContainer fills it). */
  className: string;
  children: ReactNode;
}) {
  return (
    <figure className="m-0">
      <div aria-hidden="true" data-testid="chart-drawing" className={className}>
        {children}
      </div>
      <table className="sr-only">
        <caption>{summary}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.label} scope="row">
                    {column.value(row)}
                  </th>
                ) : (
                  <td key={column.label}>{column.value(row)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
