import type { ReactNode } from 'react';
import { ScrollRegion } from '../../components/ui/ScrollRegion';

/** A plain table of one tab: headers, rows, and a line when there are none. */
export function Table({
  label,
  headers,
  empty,
  children,
}: {
  label: string;
  headers: readonly string[];
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={label}>
      <table className="min-w-full divide-y divide-line text-sm">
        <thead>
          <tr>
            {headers.map((h) => (
              <th
                key={h}
                scope="col"
                className="px-3 py-2 text-left text-xs font-medium tracking-wide text-muted uppercase"
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {empty ? (
            <tr>
              <td colSpan={headers.length} className="px-3 py-6 text-center text-muted">
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export const CELL = 'px-3 py-2 align-top text-fg';
