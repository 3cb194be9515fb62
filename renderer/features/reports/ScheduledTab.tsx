import type { ReportDefinition } from '../../../shared/api/reports';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { formatDateTime } from '../../lib/format';
import { STATUS_TONE, capitalize, nextRunLabel, scheduleLabel } from './rules';

const COLUMNS: readonly DataColumn<ReportDefinition>[] = [
  { id: 'report', header: 'Report', rowHeader: true, cell: (r) => r.name, width: 'minmax(0,1.6fr)' },
  { id: 'schedule', header: 'Schedule', cell: (r) => scheduleLabel(r.schedule) },
  { id: 'format', header: 'Format', cell: (r) => r.format.toUpperCase() },
  { id: 'recipients', header: 'Recipients', cell: (r) => r.recipients.length },
  { id: 'next', header: 'Next run', cell: (r) => nextRunLabel(r) },
  { id: 'last', header: 'Last run', cell: (r) => formatDateTime(r.lastGenerated) },
  {
    id: 'status',
    header: 'Status',
    cell: (r) => <StatusBadge tone={STATUS_TONE[r.status]}>{capitalize(r.status)}</StatusBadge>,
  },
];

/** The reports whose schedule is not manual: schedule, format, recipients, next and last dates, status. */
export function ScheduledTab({ reports }: { reports: readonly ReportDefinition[] }) {
  const scheduled = reports.filter((r) => r.schedule !== 'manual');
  if (scheduled.length === 0) return <p className="text-sm text-muted">No scheduled reports.</p>;
  return (
    <div className="rounded-lg border border-line">
      <DataTable
        label="Scheduled reports"
        columns={COLUMNS}
        data={scheduled}
        getRowId={(r) => r.id}
        minWidth="48rem"
      />
    </div>
  );
}
