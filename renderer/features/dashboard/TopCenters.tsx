import { clsx } from 'clsx';
import { TableHead, type TableColumn } from '../../components/ui/TableHead';
import type { BusinessDashboard, CenterHealth } from '../../../shared/api/business';
import { formatMoney } from '../../lib/format';

const HEALTH_STYLE: Record<CenterHealth, string> = {
  healthy: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300',
  watch: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-300',
  'at risk': 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
};

const COLUMNS: readonly TableColumn[] = [
  { label: 'Center Name' },
  { label: 'Plan' },
  { label: 'Children', numeric: true },
  { label: 'MRR', numeric: true },
  { label: 'Health' },
];

/** The top-centers table of part 1 §2: center name, plan, children, MRR, health. */
export function TopCenters({ centers }: { centers: BusinessDashboard['topCenters'] }) {
  if (centers.length === 0) return <p className="text-sm text-muted">No paying centers yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <TableHead columns={COLUMNS} />
        <tbody className="divide-y divide-line">
          {centers.map((c) => (
            <tr key={c.organizationId}>
              <td className="py-2 pr-3 font-medium text-fg">{c.name}</td>
              <td className="py-2 pr-3 text-fg capitalize">{c.plan}</td>
              <td className="py-2 pr-3 text-right text-fg tabular-nums">
                {c.children.toLocaleString('en-US')}
              </td>
              <td className="py-2 pr-3 text-right text-fg tabular-nums">{formatMoney(c.mrr)}</td>
              <td className="py-2">
                <span
                  className={clsx(
                    'rounded-full px-2 py-0.5 text-xs font-medium capitalize',
                    HEALTH_STYLE[c.health],
                  )}
                >
                  {c.health}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
