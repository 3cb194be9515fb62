import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { ReportDefinition } from '../../../shared/api/reports';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/LoadingState';
import { Modal } from '../../components/ui/Modal';
import { PageHeader } from '../../components/ui/PageHeader';
import { PageTabs } from '../../components/ui/PageTabs';
import { errorMessage } from '../../lib/errors';
import { routeTitle } from '../../lib/navigation';
import { ReportForm, type FormStart } from './ReportForm';
import { ReportList } from './ReportList';
import { ReportPanel } from './ReportPanel';
import { ScheduledTab } from './ScheduledTab';
import { TemplatesTab } from './TemplatesTab';
import { useDeleteReport, useDownloadReport, useGenerateReport } from './mutations';
import { useReports } from './queries';
import { REPORT_TEXTS } from './texts';

/** Advanced Reporting (part 2 §2, issue 14): reports generated from the platform's own figures. */
export function ReportsPage() {
  const reports = useReports();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [form, setForm] = useState<FormStart | null>(null);
  const [deleting, setDeleting] = useState<ReportDefinition | null>(null);
  const generate = useGenerateReport();
  const download = useDownloadReport();
  const remove = useDeleteReport();
  const list = reports.data ?? [];
  const selected = list.find((r) => r.id === selectedId) ?? null;
  const actionError = generate.error ?? download.error;

  const onGenerate = (r: ReportDefinition) => {
    setSelectedId(r.id);
    generate.mutate(r.id);
  };
  const onDownload = (r: ReportDefinition) => download.mutate(r.id);

  const myReports = (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div>
        {reports.isLoading || reports.isError ? (
          <LoadingState
            label={REPORT_TEXTS.loading}
            error={reports.error}
            fallback={REPORT_TEXTS.loadFailed}
          />
        ) : (
          <ReportList
            reports={list}
            selectedId={selectedId}
            actions={{
              onGenerate,
              onDownload,
              onView: (r) => setSelectedId(r.id),
              onEdit: (r) => setForm({ kind: 'edit', report: r }),
              onDelete: setDeleting,
            }}
          />
        )}
      </div>
      <ReportPanel report={selected} onGenerate={onGenerate} onDownload={onDownload} />
    </div>
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title={routeTitle('/reports')}
        description={REPORT_TEXTS.description}
        actions={
          <Button variant="primary" onClick={() => setForm({ kind: 'blank' })}>
            <Plus aria-hidden="true" className="size-4" />
            {REPORT_TEXTS.createReport}
          </Button>
        }
      />
      {actionError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(actionError, REPORT_TEXTS.actionFailed)}
        </p>
      ) : null}
      <PageTabs
        tabs={[
          { name: REPORT_TEXTS.tabs.myReports, panel: myReports },
          {
            name: REPORT_TEXTS.tabs.templates,
            panel: <TemplatesTab onUse={(template) => setForm({ kind: 'template', template })} />,
          },
          { name: REPORT_TEXTS.tabs.scheduled, panel: <ScheduledTab reports={list} /> },
        ]}
      />
      {form ? <ReportForm start={form} onClose={() => setForm(null)} /> : null}
      <Modal
        open={deleting !== null}
        title={REPORT_TEXTS.delete.title}
        size="sm"
        onClose={() => setDeleting(null)}
      >
        <p className="text-sm text-fg">{REPORT_TEXTS.delete.confirm(deleting?.name ?? '')}</p>
        {remove.error ? (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {errorMessage(remove.error, REPORT_TEXTS.delete.failed)}
          </p>
        ) : null}
        <div className="mt-4 flex justify-end gap-2">
          <Button onClick={() => setDeleting(null)}>{REPORT_TEXTS.cancel}</Button>
          <Button
            variant="primary"
            disabled={remove.isPending}
            onClick={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  if (selectedId === deleting.id) setSelectedId(null);
                  setDeleting(null);
                },
              })
            }
          >
            {REPORT_TEXTS.delete.button}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
