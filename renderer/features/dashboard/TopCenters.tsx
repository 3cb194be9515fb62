import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { StatusBadge, type StatusTone } from '../../components/ui/StatusBadge';
import type { BusinessDashboard, CenterHealth } from '../../../shared/api/business';
import { formatMoney } from '../../lib/format';
import { formatNumber } from '../../lib/format';

type Center = BusinessDashboard['topCenters'][number];

const HEALTH_TONE: Record<CenterHealth, StatusTone> = {
  healthy: 'ok',
  watch: 'warning',
  'at risk': 'critical',
};

const COLUMNS: DataColumn<Center>[] = [
  { id: 'name', header: 'Center Name', rowHeader: true, width: 'minmax(0,2fr)', cell: (c) => c.name },
  { id: 'plan', header: 'Plan', className: 'capitalize', cell: (c) => c.plan },
  { id: 'children', header: 'Children', numeric: true, cell: (c) => formatNumber(c.children) },
  { id: 'mrr', header: 'MRR', numeric: true, cell: (c) => formatMoney(c.mrr) },
  {
    id: 'health',
    header: 'Health',
    cell: (c) => (
      <StatusBadge tone={HEALTH_TONE[c.health]}>
        <span className="capitalize">{c.health}</span>
      </StatusBadge>
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
