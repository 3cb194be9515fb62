import type { ReportDefinition } from '../../../shared/api/reports';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { formatDateTime } from '../../lib/format';
import { STATUS_TONE, capitalize, nextRunLabel, scheduleLabel } from './rules';

/** The reports whose schedule is not manual: schedule, format, recipients, next and last dates, status. */
export function ScheduledTab({ reports }: { reports: readonly ReportDefinition[] }) {
  const scheduled = reports.filter((r) => r.schedule !== 'manual');
  if (scheduled.length === 0) return <p className="text-sm text-muted">No scheduled reports.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-line">
      <table className="min-w-full divide-y divide-line text-sm">
        <caption className="sr-only">Scheduled reports</caption>
        <thead className="bg-surface-muted text-left text-xs text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Report
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Schedule
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Format
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Recipients
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Next run
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Last run
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line bg-surface text-fg">
          {scheduled.map((r) => (
            <tr key={r.id}>
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {r.name}
              </th>
              <td className="px-3 py-2">{scheduleLabel(r.schedule)}</td>
              <td className="px-3 py-2">{r.format.toUpperCase()}</td>
              <td className="px-3 py-2">{r.recipients.length}</td>
              <td className="px-3 py-2">{nextRunLabel(r)}</td>
              <td className="px-3 py-2">{formatDateTime(r.lastGenerated)}</td>
              <td className="px-3 py-2">
                <StatusBadge tone={STATUS_TONE[r.status]}>{capitalize(r.status)}</StatusBadge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
