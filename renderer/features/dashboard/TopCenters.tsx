import { clsx } from 'clsx';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import type { BusinessDashboard, CenterHealth } from '../../../shared/api/business';
import { formatMoney } from '../../lib/format';

type Center = BusinessDashboard['topCenters'][number];

const HEALTH_STYLE: Record<CenterHealth, string> = {
  healthy: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300',
  watch: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-300',
  'at risk': 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
};

const COLUMNS: DataColumn<Center>[] = [
  { id: 'name', header: 'Center Name', rowHeader: true, width: 'minmax(0,2fr)', cell: (c) => c.name },
  { id: 'plan', header: 'Plan', className: 'capitalize', cell: (c) => c.plan },
  { id: 'children', header: 'Children', numeric: true, cell: (c) => c.children.toLocaleString('en-US') },
  { id: 'mrr', header: 'MRR', numeric: true, cell: (c) => formatMoney(c.mrr) },
  {
    id: 'health',
    header: 'Health',
    cell: (c) => (
      <span
        className={clsx('rounded-full px-2 py-0.5 text-xs font-medium capitalize', HEALTH_STYLE[c.health])}
      >
        {c.health}
      </span>
    ),
  },
];

/** The top-centers table of part 1 §2: center name, plan, children, MRR, health. */
export function TopCenters({ centers }: { centers: readonly Center[] }) {
  if (centers.length === 0) return <p className="text-sm text-muted">No paying centers yet.</p>;
  return (
    <DataTable label="Top Centers" columns={COLUMNS} data={centers} getRowId={(c) => c.organizationId} />
  );
}
