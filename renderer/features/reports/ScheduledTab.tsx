import type { ReportDefinition } from '../../../shared/api/reports';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { formatDateTime } from '../../lib/format';
import { STATUS_TONE, capitalize, nextRunLabel, scheduleLabel } from './rules';
import { REPORT_TEXTS } from './texts';

const TEXTS = REPORT_TEXTS.scheduled;

const COLUMNS: readonly DataColumn<ReportDefinition>[] = [
  {
    id: 'report',
    header: TEXTS.columns.report,
    rowHeader: true,
    cell: (r) => r.name,
    width: 'minmax(0,1.6fr)',
  },
  { id: 'schedule', header: TEXTS.columns.schedule, cell: (r) => scheduleLabel(r.schedule) },
  { id: 'format', header: TEXTS.columns.format, cell: (r) => r.format.toUpperCase() },
  { id: 'recipients', header: TEXTS.columns.recipients, cell: (r) => r.recipients.length },
  { id: 'next', header: TEXTS.columns.next, cell: (r) => nextRunLabel(r) },
  { id: 'last', header: TEXTS.columns.last, cell: (r) => formatDateTime(r.lastGenerated) },
  {
    id: 'status',
    header: TEXTS.columns.status,
    cell: (r) => <StatusBadge tone={STATUS_TONE[r.status]}>{capitalize(r.status)}</StatusBadge>,
  },
];

/** The reports whose schedule is not manual: schedule, format, recipients, next and last dates, status. */
export function ScheduledTab({ reports }: { reports: readonly ReportDefinition[] }) {
  const scheduled = reports.filter((r) => r.schedule !== 'manual');
  if (scheduled.length === 0) return <p className="text-sm text-muted">{TEXTS.empty}</p>;
  return (
    <div className="rounded-lg border border-line">
      <DataTable
        label={TEXTS.table}
        columns={COLUMNS}
        data={scheduled}
        getRowId={(r) => r.id}
        minWidth="48rem"
      />
    </div>
  );
}
