import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { StatusBadge, type StatusTone } from '../../components/ui/StatusBadge';
import type { BusinessDashboard, CenterHealth } from '../../../shared/api/business';
import { formatMoney } from '../../lib/format';
import { formatNumber } from '../../lib/format';
import { DASHBOARD_TEXTS } from './texts';

type Center = BusinessDashboard['topCenters'][number];

const HEALTH_TONE: Record<CenterHealth, StatusTone> = {
  healthy: 'ok',
  watch: 'warning',
  'at risk': 'critical',
};

const TEXTS = DASHBOARD_TEXTS.topCenters;

const COLUMNS: DataColumn<Center>[] = [
  { id: 'name', header: TEXTS.columns.name, rowHeader: true, width: 'minmax(0,2fr)', cell: (c) => c.name },
  { id: 'plan', header: TEXTS.columns.plan, className: 'capitalize', cell: (c) => c.plan },
  { id: 'children', header: TEXTS.columns.children, numeric: true, cell: (c) => formatNumber(c.children) },
  { id: 'mrr', header: TEXTS.columns.mrr, numeric: true, cell: (c) => formatMoney(c.mrr) },
  {
    id: 'health',
    header: TEXTS.columns.health,
    cell: (c) => (
      <StatusBadge tone={HEALTH_TONE[c.health]}>
        <span className="capitalize">{c.health}</span>
      </StatusBadge>
    ),
  },
];

/** The top-centers table of part 1 §2: center name, plan, children, MRR, health. */
export function TopCenters({ centers }: { centers: readonly Center[] }) {
  if (centers.length === 0) return <p className="text-sm text-muted">{TEXTS.empty}</p>;
  return (
    <DataTable label={TEXTS.table} columns={COLUMNS} data={centers} getRowId={(c) => c.organizationId} />
  );
}
