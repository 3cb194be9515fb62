import type { CostBreakdown } from '../../../shared/api/business';
import { TableHead, type TableColumn } from '../../components/ui/TableHead';
import { formatMoney } from '../../lib/format';
import { SERVICE_LABELS, formatChange } from './labels';

const COLUMNS: readonly TableColumn[] = [
  { label: 'Service' },
  { label: 'Current', numeric: true },
  { label: 'Previous', numeric: true },
  { label: 'Change', numeric: true },
  { label: 'Forecast', numeric: true },
];

/** Current, previous, change and forecast (80 % band) per service. */
export function ServiceBreakdown({ breakdown }: { breakdown: CostBreakdown }) {
  return (
    <div className="overflow-x-auto">
      {!breakdown.enoughData ? (
        <p className="mb-3 text-sm text-muted">
          Not enough data for a forecast: {breakdown.daysWithData} of the period's days have cost records.
        </p>
      ) : null}
      <table className="w-full text-left text-sm">
        <TableHead columns={COLUMNS} />
        <tbody className="divide-y divide-line tabular-nums">
          {breakdown.services.map((s) => (
            <tr key={s.name}>
              <th scope="row" className="py-2 pr-3 font-medium text-fg">
                {SERVICE_LABELS[s.name]}
              </th>
              <td className="py-2 pr-3 text-right text-fg">{formatMoney(s.current_cost, true)}</td>
              <td className="py-2 pr-3 text-right text-fg">{formatMoney(s.previous_cost, true)}</td>
              <td className="py-2 pr-3 text-right text-fg">{formatChange(s.change_percent)}</td>
              <td className="py-2 text-right text-fg">
                {s.forecast === null ? (
                  <span className="text-muted">not enough data</span>
                ) : (
                  <span
                    title={`80 % band: ${formatMoney(s.forecast_low, true)} – ${formatMoney(s.forecast_high, true)}`}
                  >
                    {formatMoney(s.forecast, true)}
                    <span className="block text-xs text-muted">
                      {formatMoney(s.forecast_low)} – {formatMoney(s.forecast_high)}
                    </span>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
