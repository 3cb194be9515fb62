import { Download, Eye, Pencil, Play, Trash2 } from 'lucide-react';
import type { ReportDefinition } from '../../../shared/api/reports';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { formatDateTime } from '../../lib/format';
import { STATUS_TONE, capitalize, formatSize, nextRunLabel, scheduleLabel } from './rules';
import { REPORT_TEXTS } from './texts';

const TEXTS = REPORT_TEXTS.list;

export interface ReportActions {
  onGenerate: (report: ReportDefinition) => void;
  onDownload: (report: ReportDefinition) => void;
  onView: (report: ReportDefinition) => void;
  onEdit: (report: ReportDefinition) => void;
  onDelete: (report: ReportDefinition) => void;
}

/** My Reports: one card per report with its fields and actions; the selected one is marked. */
export function ReportList({
  reports,
  selectedId,
  actions,
}: {
  reports: readonly ReportDefinition[];
  selectedId: string | null;
  actions: ReportActions;
}) {
  if (reports.length === 0) {
    return <p className="text-sm text-muted">{TEXTS.empty}</p>;
  }
  return (
    <ul className="space-y-3" aria-label={TEXTS.name}>
      {reports.map((r) => (
        <li
          key={r.id}
          aria-current={r.id === selectedId ? 'true' : undefined}
          className={`rounded-lg border bg-surface p-4 shadow-sm ${r.id === selectedId ? 'border-accent' : 'border-line'}`}
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="text-sm font-semibold text-fg">{r.name}</h3>
              <p className="text-sm text-muted">{r.description || '—'}</p>
            </div>
            <StatusBadge tone={STATUS_TONE[r.status]}>
              {r.status === 'running' ? <Spinner className="size-3" /> : null}
              {r.status === 'running' ? TEXTS.generating : capitalize(r.status)}
            </StatusBadge>
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
            <Field label={TEXTS.fields.format} value={r.format.toUpperCase()} />
            <Field label={TEXTS.fields.schedule} value={scheduleLabel(r.schedule)} />
            <Field label={TEXTS.fields.size} value={formatSize(r.size)} />
            <Field label={TEXTS.fields.lastGenerated} value={formatDateTime(r.lastGenerated)} />
            <Field label={TEXTS.fields.nextRun} value={nextRunLabel(r)} />
            <Field
              label={TEXTS.fields.recipients}
              value={r.recipients.length ? r.recipients.join(', ') : TEXTS.noRecipients}
            />
          </dl>
          {r.status === 'error' && r.error ? (
            <p className="mt-2 text-xs text-red-700 dark:text-red-400">{r.error}</p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2" aria-label={TEXTS.actions(r.name)} role="group">
            <Button disabled={r.status === 'running'} onClick={() => actions.onGenerate(r)}>
              <Play aria-hidden="true" className="size-4" />
              {REPORT_TEXTS.generateNow}
            </Button>
            <Button disabled={!r.file} onClick={() => actions.onDownload(r)}>
              <Download aria-hidden="true" className="size-4" />
              {TEXTS.download}
            </Button>
            <Button variant="ghost" onClick={() => actions.onView(r)}>
              <Eye aria-hidden="true" className="size-4" />
              {TEXTS.viewDetails}
            </Button>
            <Button variant="ghost" onClick={() => actions.onEdit(r)}>
              <Pencil aria-hidden="true" className="size-4" />
              {TEXTS.edit}
            </Button>
            <Button variant="ghost" onClick={() => actions.onDelete(r)}>
              <Trash2 aria-hidden="true" className="size-4" />
              {TEXTS.delete}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted">{label}</dt>
      <dd className="truncate text-fg">{value}</dd>
    </div>
  );
}
