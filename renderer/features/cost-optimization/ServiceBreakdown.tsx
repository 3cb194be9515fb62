import type { CostBreakdown, ServiceCost } from '../../../shared/api/business';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { formatMoney } from '../../lib/format';
import { SERVICE_LABELS, formatChange } from './labels';
import { COST_TEXTS } from './texts';

const TEXTS = COST_TEXTS.breakdown;

function Forecast({ service }: { service: ServiceCost }) {
  if (service.forecast === null) return <span className="text-muted">{COST_TEXTS.notEnoughData}</span>;
  return (
    <span
      title={TEXTS.band(formatMoney(service.forecast_low, true), formatMoney(service.forecast_high, true))}
    >
      {formatMoney(service.forecast, true)}
      <span className="block text-xs text-muted">
        {TEXTS.range(formatMoney(service.forecast_low), formatMoney(service.forecast_high))}
      </span>
    </span>
  );
}

const COLUMNS: DataColumn<ServiceCost>[] = [
  { id: 'service', header: TEXTS.columns.service, rowHeader: true, cell: (s) => SERVICE_LABELS[s.name] },
  {
    id: 'current',
    header: TEXTS.columns.current,
    numeric: true,
    cell: (s) => formatMoney(s.current_cost, true),
  },
  {
    id: 'previous',
    header: TEXTS.columns.previous,
    numeric: true,
    cell: (s) => formatMoney(s.previous_cost, true),
  },
  { id: 'change', header: TEXTS.columns.change, numeric: true, cell: (s) => formatChange(s.change_percent) },
  { id: 'forecast', header: TEXTS.columns.forecast, numeric: true, cell: (s) => <Forecast service={s} /> },
];

/** Current, previous, change and forecast (80 % band) per service. */
export function ServiceBreakdown({ breakdown }: { breakdown: CostBreakdown }) {
  return (
    <div>
      {!breakdown.enoughData ? (
        <p className="mb-3 text-sm text-muted">{TEXTS.notEnoughData(breakdown.daysWithData)}</p>
      ) : null}
      <DataTable label={TEXTS.table} columns={COLUMNS} data={breakdown.services} getRowId={(s) => s.name} />
    </div>
  );
}
