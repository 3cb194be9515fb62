import type { CostBreakdown, ServiceCost } from '../../../shared/api/business';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { formatMoney } from '../../lib/format';
import { SERVICE_LABELS, formatChange } from './labels';

function Forecast({ service }: { service: ServiceCost }) {
  if (service.forecast === null) return <span className="text-muted">not enough data</span>;
  return (
    <span
      title={`80 % band: ${formatMoney(service.forecast_low, true)} – ${formatMoney(service.forecast_high, true)}`}
    >
      {formatMoney(service.forecast, true)}
      <span className="block text-xs text-muted">
        {formatMoney(service.forecast_low)} – {formatMoney(service.forecast_high)}
      </span>
    </span>
  );
}

const COLUMNS: DataColumn<ServiceCost>[] = [
  { id: 'service', header: 'Service', rowHeader: true, cell: (s) => SERVICE_LABELS[s.name] },
  { id: 'current', header: 'Current', numeric: true, cell: (s) => formatMoney(s.current_cost, true) },
  { id: 'previous', header: 'Previous', numeric: true, cell: (s) => formatMoney(s.previous_cost, true) },
  { id: 'change', header: 'Change', numeric: true, cell: (s) => formatChange(s.change_percent) },
  { id: 'forecast', header: 'Forecast', numeric: true, cell: (s) => <Forecast service={s} /> },
];

/** Current, previous, change and forecast (80 % band) per service. */
export function ServiceBreakdown({ breakdown }: { breakdown: CostBreakdown }) {
  return (
    <div>
      {!breakdown.enoughData ? (
        <p className="mb-3 text-sm text-muted">
          Not enough data for a forecast: {breakdown.daysWithData} of the period's days have cost records.
        </p>
      ) : null}
      <DataTable label="Service costs" columns={COLUMNS} data={breakdown.services} getRowId={(s) => s.name} />
    </div>
  );
}
